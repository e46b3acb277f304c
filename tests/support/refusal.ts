import { Refusal } from "../../domain/core/refusal";

/** Runs `body` and returns the refusal it throws. */
export async function refusalOf(body: () => Promise<unknown>): Promise<Refusal> {
  try {
    await body();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
