import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { latestMailLink, openAccountMenu, seriousA11yViolations, signIn } from "./support/accounts";
import { FRESH_PASSWORD, phonesInStock, signUpFreshCustomer } from "./support/customers";

async function openAccount(page: Page) {
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

/** The buyer signed in on a browser of their own (closed by the caller, or here if signing in fails). */
async function signedInElsewhere(browser: Browser, options: BrowserContextOptions, email: string): Promise<Page> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await signIn(page, email, FRESH_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    return page;
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Changes the fresh customer's password on the open account page; the page says the other devices are signed out. */
async function changePassword(page: Page, newPassword: string) {
  const password = section(page, "Password");
  await password.getByLabel("Current password").fill(FRESH_PASSWORD);
  await password.getByLabel("New password", { exact: true }).fill(newPassword);
  await password.getByLabel("Confirm new password").fill(newPassword);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("status")).toHaveText("Password changed. Your other devices have been signed out; this one stays signed in.");
}

const HOME = { label: "Home", customerName: "Tobi Adeyemi", customerPhone: "0803 123 4567", shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos" };
const OFFICE = { label: "Office", customerName: "Tobi Adeyemi", customerPhone: "0809 765 4321", shippingAddress: "Plot 5, Aminu Kano Crescent, Wuse II", city: "Abuja", state: "Federal Capital Territory" };

async function saveAddress(page: Page, address: typeof HOME) {
  await section(page, "Saved delivery addresses").getByRole("link", { name: "Add address" }).click();
  const dialog = page.getByRole("dialog", { name: "New delivery address" });
  await dialog.getByLabel("Label").fill(address.label);
  await dialog.getByLabel("Full name").fill(address.customerName);
  await dialog.getByLabel("Phone number").fill(address.customerPhone);
  await dialog.getByLabel("Street address").fill(address.shippingAddress);
  await dialog.getByLabel("City").fill(address.city);
  await dialog.getByLabel("State").selectOption(address.state);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("listitem", { name: address.label })).toBeVisible();
}

test("a buyer changes their name and phone from My account, and sees them after a reload", async ({ page }, info) => {
  await signUpFreshCustomer(page, info, "Tobi Adeyemi");
  await page.goto("/");
  const menu = await openAccountMenu(page);
  await menu.getByRole("link", { name: "My account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const profile = section(page, "Profile");
  await expect(profile.getByLabel("Full name")).toHaveValue("Tobi Adeyemi");

  await profile.getByLabel("Phone number").fill("12345");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Please enter a valid Nigerian phone number")).toBeVisible();

  await profile.getByLabel("Full name").fill("Tobi Adeyemi-Bello");
  await profile.getByLabel("Phone number").fill("0803 123 4567");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Profile saved");
  await page.reload();
  await expect(section(page, "Profile").getByLabel("Full name")).toHaveValue("Tobi Adeyemi-Bello");
  await expect(section(page, "Profile").getByLabel("Phone number")).toHaveValue("+2348031234567");
  await expect(section(page, "Your data").getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/account/data");
  await expect(section(page, "Your data").getByRole("link", { name: "Delete my account" })).toHaveAttribute("href", "/account/delete");
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("changing the password signs the buyer's other browser out and keeps this one signed in", async ({ page, browser, baseURL, extraHTTPHeaders }, info) => {
  const email = await signUpFreshCustomer(page, info, "Amaka Eze");
  const other = await signedInElsewhere(browser, { baseURL, extraHTTPHeaders }, email);
  try {
    await openAccount(page);
    const devices = section(page, "Signed-in devices");
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    await expect(devices.getByText("This device")).toHaveCount(1);

    await changePassword(page, "eko-atlantic-2027");

    await other.reload();
    await expect(other.getByRole("link", { name: "Sign In" }).filter({ visible: true }).first()).toBeVisible();
    await other.goto("/account");
    await expect(other).toHaveURL(/\/auth\?redirect=%2Faccount$/);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    await expect(section(page, "Signed-in devices").getByRole("listitem")).toHaveCount(1);
  } finally {
    await other.context().close();
  }
});

test("a buyer moves their account to a new e-mail address through the link sent there, then signs in with it", async ({ page }, info) => {
  const email = await signUpFreshCustomer(page, info, "Kemi Balogun");
  const newEmail = email.replace("@example.com", ".new@example.com");
  await openAccount(page);
  const emailSection = section(page, "E-mail address");
  await expect(emailSection.getByText(`You sign in with ${email}.`)).toBeVisible();
  await emailSection.getByLabel("New e-mail address").fill(newEmail);
  await emailSection.getByRole("button", { name: "Send verification link" }).click();
  await expect(emailSection.getByText("Please enter your current password")).toBeVisible();
  await emailSection.getByLabel("Current password").fill(FRESH_PASSWORD);
  await emailSection.getByRole("button", { name: "Send verification link" }).click();
  await expect(emailSection.getByRole("status")).toHaveText(`We sent a link to ${newEmail}. Your e-mail address changes once you follow it.`);

  await page.goto(await latestMailLink(page, newEmail, "Confirm your new e-mail address"));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("E-mail address changed")).toBeVisible();
  await expect(section(page, "E-mail address").getByText(`You sign in with ${newEmail}.`)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, newEmail, FRESH_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await (await openAccountMenu(page)).getByRole("link", { name: "My account" }).click();
  await expect(section(page, "E-mail address").getByText(`You sign in with ${newEmail}.`)).toBeVisible();
});

test("a thief's change of address dies with the owner's new password, and the cancel link signs every device out", async ({ page, browser, baseURL, extraHTTPHeaders }, info) => {
  test.slow();
  const email = await signUpFreshCustomer(page, info, "Ireti Adebayo");
  const thiefAddress = email.replace("@example.com", ".thief@example.com");
  const thief = await signedInElsewhere(browser, { baseURL, extraHTTPHeaders }, email);
  try {
    await openAccount(thief);
    const thiefForm = section(thief, "E-mail address");
    await thiefForm.getByLabel("New e-mail address").fill(thiefAddress);
    await thiefForm.getByLabel("Current password").fill(FRESH_PASSWORD);
    await thiefForm.getByRole("button", { name: "Send verification link" }).click();
    await expect(thiefForm.getByRole("status")).toHaveText(`We sent a link to ${thiefAddress}. Your e-mail address changes once you follow it.`);

    await openAccount(page);
    await changePassword(page, "ikoyi-bridge-2027");

    await thief.goto(await latestMailLink(page, thiefAddress, "Confirm your new e-mail address"));
    await expect(thief).toHaveURL(/\/auth$/);
    await expect(thief.getByText("This verification link is invalid or has expired.")).toBeVisible();

    await page.goto(await latestMailLink(page, email, "A change of your e-mail address was requested"));
    await expect(page.getByRole("heading", { level: 1, name: "The change of your e-mail address was cancelled" })).toBeVisible();
    await expect(page.getByText("Every device has been signed out. Whoever asked for the change knew your password: choose a new one now.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Choose a new password" })).toHaveAttribute("href", "/auth?tab=forgot");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/);
    await signIn(page, email, "ikoyi-bridge-2027");
    await expect(page).toHaveURL(/\/$/);
    await openAccount(page);
    await expect(section(page, "E-mail address").getByText(`You sign in with ${email}.`)).toBeVisible();
  } finally {
    await thief.context().close();
  }
});

test("a buyer saves two addresses and checks out with the second one chosen in 'Deliver to'", async ({ page }, info) => {
  await signUpFreshCustomer(page, info, "Tobi Adeyemi");
  await openAccount(page);
  await expect(section(page, "Saved delivery addresses").getByText("No saved addresses yet. Save one to fill in checkout in one tap.")).toBeVisible();
  await saveAddress(page, HOME);
  await saveAddress(page, OFFICE);
  await expect(page.getByRole("listitem", { name: "Home" }).getByText("Default", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Office" }).getByText("Default", { exact: true })).toHaveCount(0);

  const [phone] = await phonesInStock(page, 1, 1);
  await page.request.post("/cart/items", { form: { productId: phone!.id, quantity: "1" } });
  await page.goto("/checkout");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByLabel("Street Address")).toHaveValue(HOME.shippingAddress);
  await expect(page.getByLabel("State")).toHaveValue(HOME.state);

  await page.getByLabel("Deliver to").selectOption({ label: `Office: ${OFFICE.shippingAddress}, ${OFFICE.city}` });
  await expect(page.getByLabel("Full Name")).toHaveValue(OFFICE.customerName);
  await expect(page.getByLabel("Phone Number")).toHaveValue("+2348097654321");
  await expect(page.getByLabel("Street Address")).toHaveValue(OFFICE.shippingAddress);
  await expect(page.getByLabel("City")).toHaveValue(OFFICE.city);
  await expect(page.getByLabel("State")).toHaveValue(OFFICE.state);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Deleting asks first; the remaining address becomes the default.
  await openAccount(page);
  const home = page.getByRole("listitem", { name: "Home" });
  await home.getByText("Delete Home").click();
  await expect(home.getByRole("alertdialog")).toContainText("Delete the address 'Home'? This cannot be undone.");
  await home.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("listitem", { name: "Home" })).toHaveCount(0);
  await expect(page.getByRole("listitem", { name: "Office" }).getByText("Default", { exact: true })).toBeVisible();
});
