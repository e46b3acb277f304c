import { useCallback, useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import type { RefusalCode } from "../../domain/core/refusal";
import { toast } from "./toast";

/** The first message per form field. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * What every action answers: a success with its message, or a failure (bad input with the
 * message of each field, or a refusal) with the HTTP status of its code. `detail` is the toast's
 * second line; `tone: "info"` marks a success that is only partly what was asked (a stock cap).
 */
export type Answer<Extra extends object = object> = Success<Extra> | Failure<Extra>;

export type Success<Extra extends object = object> = { ok: true; message: string; detail?: string; tone?: "success" | "info" } & Extra;

export type Failure<Extra extends object = object> = {
  ok: false;
  code: RefusalCode;
  message: string;
  detail?: string;
  fieldErrors: FieldErrors;
} & Partial<Extra>;

/** Shows an answer as its toast. */
export function toastAnswer(answer: Answer): void {
  if (!answer.message) return;
  if (answer.ok) toast[answer.tone ?? "success"](answer.message, answer.detail);
  else toast.error(answer.message, answer.detail);
}

export function isAnswer(value: unknown): value is Answer {
  return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean" && typeof (value as { message?: unknown }).message === "string";
}

type Fields = Record<string, string>;

/** The answer a page's own `<Form>` got (a navigation, with or without scripts), if any. */
export function usePageAnswer<Extra extends object = object>(): Answer<Extra> | undefined {
  const answer = useActionData<Answer<Extra>>();
  return isAnswer(answer) ? (answer as Answer<Extra>) : undefined;
}

/**
 * Posts to a route action with a fetcher, the same action a `<Form>` posts to without scripts.
 * `submit` resolves with the action's answer; each answer is shown as a toast once unless
 * `quiet`; `onAnswer` runs for every answer, including those of a `<fetcher.Form>`. With `page`,
 * the answer of the page's own `<Form>` counts too, until the fetcher has one of its own: forms
 * that navigate (and work without scripts) are answered the same way.
 */
export function useAction<Extra extends object = object>({ quiet = false, page = false, onAnswer }: { quiet?: boolean; page?: boolean; onAnswer?: (answer: Answer<Extra>) => void } = {}) {
  const fetcher = useFetcher<Answer<Extra>>();
  const pageAnswer = usePageAnswer<Extra>();
  const handled = useRef<unknown>(undefined);
  const waiting = useRef<((answer: Answer<Extra>) => void) | null>(null);
  const answer = isAnswer(fetcher.data) ? fetcher.data : page ? pageAnswer : undefined;

  // The answer arrives before the page's data reloads; taking it then means a row that the reload
  // removes (an approved product under the Pending filter) still shows its toast.
  useEffect(() => {
    if (fetcher.state === "submitting" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!quiet) toastAnswer(answer);
    onAnswer?.(answer);
    const resolve = waiting.current;
    waiting.current = null;
    resolve?.(answer);
  }, [fetcher.state, answer, quiet, onAnswer]);

  const submit = useCallback(
    (action: string, fields: Fields | FormData): Promise<Answer<Extra>> =>
      new Promise((resolve) => {
        waiting.current = resolve;
        void fetcher.submit(fields, { method: "post", action });
      }),
    // fetcher.submit keeps its identity across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.submit],
  );

  const fieldErrors = answer && !answer.ok ? answer.fieldErrors : {};
  return { fetcher, submit, busy: fetcher.state !== "idle", answer, fieldErrors };
}
