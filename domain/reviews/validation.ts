/** The buyer's review form: texts and the zod schema shared by the review dialog and the server. */
import { z } from "../../lib/zod";
import { REVIEW_RATING } from "../../lib/constants";

export const REVIEW_COMMENT_MAX = 1000;

export const REVIEW_SUBMISSION_TEXTS = {
  submitted: "Thank you for your review! It will appear on the product page after approval.",
  failed: "Failed to submit review",
  ratingRequired: `Choose a rating from ${REVIEW_RATING.min} to ${REVIEW_RATING.max} stars`,
  commentTooLong: `Your comment can be up to ${REVIEW_COMMENT_MAX} characters`,
  orderNotFound: "Order not found",
  notDelivered: "You can review an order once it has been delivered.",
  alreadyReviewed: "You have already reviewed this product.",
} as const;

const rating = z.coerce
  .number({ error: REVIEW_SUBMISSION_TEXTS.ratingRequired })
  .int(REVIEW_SUBMISSION_TEXTS.ratingRequired)
  .min(REVIEW_RATING.min, REVIEW_SUBMISSION_TEXTS.ratingRequired)
  .max(REVIEW_RATING.max, REVIEW_SUBMISSION_TEXTS.ratingRequired);

/** Rating 1–5 and an optional comment (trimmed, up to 1000 characters; blank is none). */
export const reviewFormSchema = z.object({
  rating,
  comment: z
    .string({ error: REVIEW_SUBMISSION_TEXTS.commentTooLong })
    .trim()
    .max(REVIEW_COMMENT_MAX, REVIEW_SUBMISSION_TEXTS.commentTooLong)
    .nullish()
    .transform((value) => value || null),
});

export const reviewSubmissionSchema = reviewFormSchema.extend({
  orderId: z.guid({ error: REVIEW_SUBMISSION_TEXTS.orderNotFound }),
});

export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;
