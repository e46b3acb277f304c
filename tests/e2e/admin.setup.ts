import { test as setup } from "@playwright/test";
import { DEMO_PASSWORD } from "./support/accounts";
import { ADMIN_EMAIL, ADMIN_STATE_FILE, expect } from "./support/admin";

setup("sign the demo admin in once for the run", async ({ request }) => {
  const signedIn = await request.post("/auth", { form: { intent: "signin", email: ADMIN_EMAIL, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  await request.storageState({ path: ADMIN_STATE_FILE });
});
