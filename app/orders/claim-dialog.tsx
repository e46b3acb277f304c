import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { BuyerWarranty, ClaimView } from "../../domain/claims/service";
import { CLAIM_LIMITS, CLAIM_TEXTS } from "../../domain/claims/texts";
import { openClaimSchema } from "../../domain/claims/validation";
import { fieldErrors, firstError } from "../../domain/accounts/validation";
import type { CustomerOrder } from "../../domain/orders/customer";
import { CLAIM_REASON_LABELS, WARRANTY_CLAIM_REASONS, WARRANTY_TERMS, isActiveClaim, warrantyLabel } from "../../lib/constants";
import { type Answer, isAnswer, toastAnswer } from "../ui/answer";
import { ModalDialog } from "../ui/dialog";
import { FieldNotes, FormButton, SelectField, TextAreaField } from "../ui/form-field";
import { formatDate } from "../ui/format";
import { toast } from "../ui/toast";
import { useHydrated } from "../ui/use-hydrated";
import { ClaimStatusBadge } from "./claim-timeline";

const CLOSE_TO = "/orders";
const ACCEPTED = ["image/jpeg", "image/png", "image/webp"];
const MAX_BYTES = 8 * 1024 * 1024;

/** A problem the browser can see before sending (the server checks the bytes again). */
function photoProblem(files: readonly File[]): string | null {
  if (files.length > CLAIM_LIMITS.photosMax) return CLAIM_TEXTS.photosMax;
  for (const file of files) {
    if (!ACCEPTED.includes(file.type)) return `${file.name} is not a JPEG, PNG or WebP image. Please choose a photo.`;
    if (file.size > MAX_BYTES) return `${file.name} is larger than 8 MB. Please choose a smaller photo.`;
  }
  return null;
}

/** Sends the form with upload progress (fetch cannot report it); resolves with the action's answer. */
function sendClaim(body: FormData, onProgress: (percent: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/orders/claims");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    const failed = (detail: string): Answer => ({ ok: false, code: "unavailable", message: CLAIM_TEXTS.openFailed, detail, fieldErrors: {} });
    xhr.onload = () => {
      const answer: unknown = xhr.response;
      if (isAnswer(answer)) resolve(answer);
      else resolve(failed((answer as { error?: string } | null)?.error ?? "Please try again."));
    };
    xhr.onerror = () => resolve(failed("Check your connection and try again."));
    xhr.send(body);
  });
}

/**
 * The claim form: reason, description and up to five photos, sent as one multipart form. With
 * scripts it is checked first and sent with a progress bar; without, the browser posts it and
 * the answer comes back to /orders as a toast.
 */
function ClaimForm({ order, neverArrived = false }: { order: CustomerOrder; neverArrived?: boolean }) {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [photos, setPhotos] = useState<Array<{ name: string; url: string }>>([]);
  const [length, setLength] = useState(0);

  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.url)), [photos]);

  const onPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    const problem = photoProblem(files);
    setErrors((current) => ({ ...current, photos: problem ?? undefined }));
    setPhotos(problem ? [] : files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })));
    if (problem) event.currentTarget.value = "";
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = openClaimSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
    const files = form.getAll("photos").filter((value): value is File => typeof value !== "string" && value.size > 0);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    const problem = photoProblem(files);
    if (problem) found.photos = problem;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(CLAIM_TEXTS.openFailed, firstError(found));
      return;
    }
    setProgress(0);
    const answer = await sendClaim(form, setProgress);
    setProgress(null);
    toastAnswer(answer);
    if (!answer.ok) {
      setErrors(answer.fieldErrors);
      return;
    }
    await navigate(CLOSE_TO, { preventScrollReset: true });
    await revalidator.revalidate();
  };

  const busy = progress !== null;
  return (
    <form method="post" action="/orders/claims" encType="multipart/form-data" onSubmit={hydrated ? submit : undefined} noValidate className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="orderId" value={order.id} />
      {neverArrived ? <input type="hidden" name="reason" value="never_arrived" /> : <SelectField
        label="What is wrong?"
        name="reason"
        options={WARRANTY_CLAIM_REASONS.map((reason) => ({ value: reason, label: CLAIM_REASON_LABELS[reason] }))}
        placeholder="Choose a reason"
        defaultValue=""
        required
        error={errors.reason}
      />}
      <TextAreaField
        label="Describe the problem"
        name="description"
        rows={5}
        minLength={CLAIM_LIMITS.descriptionMin}
        maxLength={CLAIM_LIMITS.descriptionMax}
        required
        onChange={(event) => setLength(event.currentTarget.value.trim().length)}
        error={errors.description}
        hint={`When it started and what happens, ${CLAIM_LIMITS.descriptionMin} to ${CLAIM_LIMITS.descriptionMax} characters (${length} so far).`}
      />
      <div>
        <label htmlFor={`${id}-photos`} className="block text-sm font-semibold text-gray-900">
          Photos (optional)
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          name="photos"
          accept={ACCEPTED.join(",")}
          multiple
          onChange={onPhotos}
          aria-invalid={errors.photos || errors.images ? true : undefined}
          aria-describedby={`${id}-photos-hint${errors.photos || errors.images ? ` ${id}-photos-error` : ""}`}
          className="mt-1 block w-full text-sm text-gray-900 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
        />
        <FieldNotes id={`${id}-photos`} error={errors.photos ?? errors.images} hint={`Up to ${CLAIM_LIMITS.photosMax} photos (JPEG, PNG or WebP, 8 MB each). Only you, the vendor and our support team can see them.`} />
        {photos.length > 0 ? (
          <ul aria-label="Chosen photos" className="mt-2 flex flex-wrap gap-2">
            {photos.map((photo) => (
              <li key={photo.url}>
                <img src={photo.url} alt={photo.name} className="h-16 w-16 rounded-md bg-gray-100 object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {busy ? (
        <div>
          <p className="text-sm text-gray-800" aria-live="polite">
            Sending your claim… {progress}%
          </p>
          <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress ?? 0} className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200">
            <div className="h-full rounded-full bg-brand-strong transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ) : null}
      <FormButton busy={busy} busyText="Sending…">
        Send claim
      </FormButton>
    </form>
  );
}

/** Before the form: what the warranty does not cover, and how long the vendor takes. */
function WarrantyNotes({ order, warranty }: { order: CustomerOrder; warranty: BuyerWarranty }) {
  return (
    <div className="space-y-3 text-sm text-gray-800">
      <p>
        {warrantyLabel(order.warrantyDays)}, until {formatDate(warranty.endsAt)}.
      </p>
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-3" data-testid="warranty-excludes">
        <p className="font-semibold text-amber-950">Not covered by the warranty</p>
        <ul className="mt-1 list-disc pl-5 text-amber-950">
          {WARRANTY_TERMS.excludes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <p className="font-semibold text-gray-900">{CLAIM_TEXTS.reviewTime}</p>
    </div>
  );
}

/** 'Warranty claim' of a delivered order, or 'Never arrived' of a shipped one, opened by the address (?claim=<order id>). */
export function ClaimDialog({ order, warranty, claim }: { order: CustomerOrder; warranty: BuyerWarranty | undefined; claim: ClaimView | undefined }) {
  const active = claim && isActiveClaim(claim.status);
  return (
    <ModalDialog title={order.status === "shipped" ? CLAIM_REASON_LABELS.never_arrived : "Warranty claim"} closeTo={CLOSE_TO} wide>
      <p className="mb-3 text-sm text-gray-700">
        Order #{order.orderNumber} · {order.product.name}
      </p>
      {active ? (
        <div className="space-y-2" role="status">
          <ClaimStatusBadge claim={claim} />
          <p className="text-sm text-gray-800">{CLAIM_TEXTS.alreadyActive}</p>
        </div>
      ) : order.status === "shipped" ? (
        <>
          <p className="text-sm text-gray-800">{CLAIM_TEXTS.neverArrivedIntro}</p>
          <ClaimForm order={order} neverArrived />
        </>
      ) : !warranty ? (
        <p role="status" className="text-sm text-gray-800">{CLAIM_TEXTS.notDelivered}</p>
      ) : !warranty.open ? (
        <p role="status" className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-900" data-testid="warranty-ended">
          {warranty.endedMessage}
        </p>
      ) : (
        <>
          <WarrantyNotes order={order} warranty={warranty} />
          <ClaimForm order={order} />
        </>
      )}
    </ModalDialog>
  );
}
