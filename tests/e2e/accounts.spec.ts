import { expect, test } from "./support/test";
import { DEMO_PASSWORD, latestMailLink, openAccountMenu, seriousA11yViolations, signIn } from "./support/accounts";

test("sign up with each rule enforced, verify from the mailbox, sign in, see the greeting, sign out", async ({ page }, info) => {
  // Eight refused sign-ups, then the whole way through: longer than one page's journey.
  test.slow();
  const email = `amaka.${info.project.name}.${Date.now()}@example.com`;
  await page.goto("/auth?tab=signup");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  expect(await seriousA11yViolations(page)).toEqual([]);

  const fill = async (values: { name: string; email: string; password: string; confirm: string }) => {
    await page.getByLabel("Full Name").fill(values.name);
    await page.getByLabel("Email").fill(values.email);
    await page.getByLabel("Password", { exact: true }).fill(values.password);
    await page.getByLabel("Confirm Password").fill(values.confirm);
    await page.getByRole("button", { name: "Create Account" }).click();
  };
  const good = { name: "Amaka Nwosu", email, password: "jollof-rice-1", confirm: "jollof-rice-1" };
  const cases: Array<[Partial<typeof good>, string]> = [
    [{ name: "A" }, "Name must be at least 2 characters"],
    [{ name: "N".repeat(101) }, "Name must be less than 100 characters"],
    [{ name: "Amaka 2" }, "Name can only contain letters, spaces, hyphens, and apostrophes"],
    [{ email: "amaka" }, "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
    [{ password: "1234567", confirm: "1234567" }, "Password must be at least 8 characters"],
    [{ password: "password1", confirm: "password1" }, "This password is too common. Choose another."],
    [{ password: "p".repeat(73), confirm: "p".repeat(73) }, "Password must be less than 72 characters"],
    [{ confirm: "jollof-rice-2" }, "Passwords don't match"],
  ];
  for (const [change, message] of cases) {
    await fill({ ...good, ...change });
    await expect(page.getByRole("main").getByText(message)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Sign up failed" }).or(page.getByRole("alert").filter({ hasText: "Sign up failed" })).first()).toBeVisible();
  }

  await fill(good);
  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText("Please check your email to verify your account.").first()).toBeVisible();

  await signIn(page, email, good.password);
  await expect(page.getByText("Please verify your email address before signing in.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();

  const link = await latestMailLink(page, email, "Verify your e-mail address");
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Email verified!")).toBeVisible();

  await signIn(page, email, good.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  const menu = await openAccountMenu(page);
  await expect(page.getByText(/^Good (morning|afternoon|evening), Amaka Nwosu$/).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Create Account" })).toHaveCount(0);

  await menu.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/");
  await expect(page.getByRole("banner").getByText("Sign In", { exact: true }).first()).toBeAttached();
  await expect(page.getByText(/Good (morning|afternoon|evening),/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();
});

test("reset a forgotten password through the e-mailed link", async ({ page }, info) => {
  const email = `bola.${info.project.name}.${Date.now()}@example.com`;
  // A fresh, verified account of our own, so the demo passwords stay as they are.
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Bola Adeyemi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
  await page.getByLabel("Confirm Password").fill("first-pass-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
  await page.goto(await latestMailLink(page, email, "Verify your e-mail address"));

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The sign-in form has an Email field too: wait for the reset view before typing.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset email sent!")).toBeVisible();
  await expect(page.getByText("Check your email for a password reset link.").first()).toBeVisible();

  await page.goto(await latestMailLink(page, email, "Reset your password"));
  await page.getByLabel("New Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("short");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("main").getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("password1");
  await page.getByLabel("Confirm Password").fill("password1");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("main").getByText("This password is too common. Choose another.")).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("second-pass-2");
  await page.getByLabel("Confirm Password").fill("second-pass-2");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Password updated!")).toBeVisible();

  await signIn(page, email, "first-pass-1");
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  await signIn(page, email, "second-pass-2");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("vendor sign-in lands by the vendor's status", () => {
  test("an approved, verified vendor goes to the vendor dashboard", async ({ page }) => {
    await page.goto("/vendor-auth");
    await page.getByLabel("Email").fill("vendor@tokunbo.test");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/vendor-dashboard$/);
  });

  test("a pending applicant sees the application under review", async ({ page }) => {
    await page.goto("/vendor-auth");
    await page.getByLabel("Email").fill("pending.vendor@tokunbo.test");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Application Under Review" })).toBeVisible();
    await expect(page.getByText("Garki Phone Store")).toBeVisible();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a rejected applicant is told so", async ({ page }) => {
    await page.goto("/vendor-auth");
    await page.getByLabel("Email").fill("onitsha.gadgets@tokunbo.test");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Your vendor application was rejected. Please contact support.")).toBeVisible();
  });

  test("forgot password needs the e-mail first; sign-up uses its own form and links back to /auth", async ({ page }) => {
    await page.goto("/vendor-auth");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByText("Please enter your email address first")).toBeVisible();
    await expect(page.getByRole("link", { name: /Customer sign in/ })).toHaveAttribute("href", "/auth");

    await page.getByRole("link", { name: /Create an account/ }).click();
    await expect(page).toHaveURL(/signup=true/);
    await expect(page.getByRole("button", { name: "Forgot password?" })).toHaveCount(0);
    // A vendor signs up as a person first: the business name comes with the application.
    await expect(page.getByLabel("Full Name")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

const MENUS: Array<[string, string[]]> = [
  ["superadmin@tokunbo.test", ["Super Admin", "Admin Dashboard", "CMS Dashboard", "My Orders", "Wishlist", "My account"]],
  ["admin@tokunbo.test", ["Admin Dashboard", "CMS Dashboard", "My Orders", "Wishlist", "My account"]],
  ["vendor@tokunbo.test", ["Vendor Dashboard", "My Orders", "Wishlist", "My account"]],
  ["customer@tokunbo.test", ["My Orders", "Wishlist", "My account"]],
];

for (const [email, items] of MENUS) {
  test(`${email} sees exactly their menu items`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("link")).toHaveText(items);
    await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByText(/^Good (morning|afternoon|evening), /).filter({ visible: true })).toHaveCount(1);
  });
}

test("the super admin pages: bootstrap closed once a super admin exists, creator only for super admins", async ({ page }) => {
  await page.goto("/super-admin-bootstrap");
  await expect(page.getByText("You must be logged in to bootstrap super admin")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/auth");

  await signIn(page, "admin@tokunbo.test");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/super-admin-bootstrap");
  await expect(page.getByText(/A super admin already exists/)).toBeVisible();
  const denied = await page.goto("/super-admin-creator");
  expect(denied?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test("a signed-in buyer adds phones to the cart from a product page and from a card", async ({ page }, info) => {
  // One buyer per browser project, so parallel runs never share a cart.
  const email = info.project.name === "mobile" ? "ngozi.eze@tokunbo.test" : "emeka.nwosu@tokunbo.test";
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Cart/ }).filter({ visible: true });
  const cartCount = async () => Number((await cartLink.getAttribute("aria-label"))?.match(/\d+/)?.[0] ?? 0);
  const before = await cartCount();

  const card = page.getByRole("region", { name: "Featured Products" }).getByRole("article").first();
  await card.getByRole("button", { name: /^Add .+ to cart$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Item added to cart" })).toBeVisible();
  await expect.poll(cartCount).toBe(before + 1);
  const afterCard = before + 1;

  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/product\//);
  const stock = Number((await page.getByText(/\d+ in stock/).first().innerText()).match(/\d+/)?.[0] ?? 1);
  if (stock > 1) await page.getByRole("button", { name: /Increase quantity/i }).click();
  const wanted = stock > 1 ? 2 : 1;
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const added = page.getByRole("status").filter({ hasText: `Added ${wanted} item(s) to cart` });
  await expect(added).toBeVisible();
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
  await expect(page.getByRole("button", { name: "Continue Shopping" })).toBeVisible();
  // A line never holds more than the stock: when the cart already held this phone, the toast says where it stopped.
  if (!(await added.innerText()).includes("in stock")) await expect.poll(cartCount).toBe(afterCard + wanted);
  else await expect.poll(cartCount).toBeGreaterThanOrEqual(afterCard);
});
