import { Form } from "react-router";
import type { CustomerOrder } from "../../domain/orders/customer";
import { REVIEW_COMMENT_MAX, REVIEW_SUBMISSION_TEXTS, reviewFormSchema } from "../../domain/reviews/validation";
import { REVIEW_RATING } from "../../lib/constants";
import { useAction } from "../ui/answer";
import { useBusy, useFormErrors } from "../ui/forms";
import { FieldNotes, FormButton, TextAreaField } from "../ui/form-field";
import { orderDialogHref } from "./order-card";

/** What a refused review's answer carries besides its messages: what was typed. */
export interface ReviewExtra {
  values?: { rating?: string; comment?: string };
}

const RATINGS = Array.from({ length: REVIEW_RATING.max - REVIEW_RATING.min + 1 }, (_, i) => REVIEW_RATING.min + i);
const STAR = "M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3-5.6-3-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z";

/*
 * Five radio inputs drawn as stars. The checked star and every star before it are filled by CSS
 * alone (:has), so the choice shows before scripts load too; arrow keys move between them.
 */
function StarPicker({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <fieldset aria-describedby={error ? "field-rating-error" : undefined}>
      <legend className="text-sm font-semibold text-gray-900">Rating</legend>
      <div className="mt-1 flex gap-1">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className="cursor-pointer rounded-md p-1 text-gray-300 has-[:checked]:text-amber-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-strong [&:has(~label_input:checked)]:text-amber-500"
          >
            <input type="radio" name="rating" value={rating} defaultChecked={defaultValue === String(rating)} required className="sr-only" />
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-9 w-9 fill-current">
              <path d={STAR} />
            </svg>
            <span className="sr-only">{rating === 1 ? "1 star" : `${rating} stars`}</span>
          </label>
        ))}
      </div>
      <FieldNotes id="field-rating" error={error} />
    </fieldset>
  );
}

/** The buyer's review of a delivered order; sent to the /orders action, with or without scripts. */
export function OrderReviewForm({ order }: { order: CustomerOrder }) {
  const { answer: result } = useAction<{ intent: string } & ReviewExtra>({ page: true });
  const { errors, validate } = useFormErrors("review", result, reviewFormSchema, REVIEW_SUBMISSION_TEXTS.failed);
  const busy = useBusy("review");
  return (
    <Form method="post" action={orderDialogHref("review", order.id)} onSubmit={validate} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="orderId" value={order.id} />
      <StarPicker error={errors.rating} defaultValue={result?.values?.rating} />
      <TextAreaField
        label="Comment (optional)"
        name="comment"
        rows={4}
        maxLength={REVIEW_COMMENT_MAX}
        defaultValue={result?.values?.comment}
        error={errors.comment}
        hint="Tell other buyers about the phone's condition, battery and delivery."
      />
      <p className="text-xs text-gray-600">Reviews appear on the product page after approval.</p>
      <FormButton busy={busy} busyText="Submitting…">
        Submit Review
      </FormButton>
    </Form>
  );
}
