/**
 * Commerce: the product CTA and the add-to-cart dialog, /cart, checkout (sign-up first when signed
 * out, discount codes), the embedded payment provider's card page, the receipt and /library. Every
 * account is fresh (the e2e database is shared by both projects and by parallel workers).
 */
import { type Locator, type Page } from "@playwright/test";
import {
  api,
  classHref,
  expect,
  expectNoAxeViolations,
  fillTestCard,
  h1,
  resultCards,
  test,
  usd,
  waitForHydration,
  type ApiProduct,
} from "./helpers";

/** A fresh email per test and project. */
const emailFor = (title: string, project: string) =>
  `${title.replace(/[^a-z]+/gi, "-").toLowerCase()}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PASSWORD = "commerce rules";

/** Demo catalogue classes without a crossed price (what they cost is what they show), by storefront and slug. */
const HOOKS = { storefrontSlug: "june-calloway", classSlug: "hooks-and-choruses" };
const TONE = { storefrontSlug: "dex-okafor", classSlug: "guitar-tone-on-any-amp" };
const RIFFS = { storefrontSlug: "dex-okafor", classSlug: "riffs-that-rock" };
const AMBIENT = { storefrontSlug: "kenji-mori", classSlug: "ambient-textures" };
const MEMBERSHIP = { storefrontSlug: "studio", classSlug: "membership" };
/** A crossed price with a running countdown offer, and a crossed price without one. */
const ON_OFFER = { storefrontSlug: "marisol-vega", classSlug: "fingerstyle-foundations" };
const NO_OFFER = { storefrontSlug: "dex-okafor", classSlug: "blues-lead-guitar" };

type Product = ApiProduct & { creator: { name: string } };
const product = (request: Parameters<typeof api>[0], p: { storefrontSlug: string; classSlug: string }) =>
  api<{ product: Product }>(
    request,
    `/api/getProductWithClassSlug?class_slug=${p.classSlug}&storefront_slug=${p.storefrontSlug}`,
  ).then((r) => r.product);

const banner = (page: Page) => page.getByRole("banner");
const cartLink = (page: Page, count: number) =>
  banner(page).getByRole("link", { name: `Cart, ${count === 1 ? "1 item" : `${count} items`}`, exact: true });

/** The value next to a term of the order summary ('Subtotal' -> '$49.00'). */
const summaryValue = (scope: Locator, term: string) =>
  scope
    .locator(".summary-lines > div")
    .filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${term}`) }) })
    .locator("dd");

/** Opens a class page (ready for clicks with JavaScript). */
async function openClass(page: Page, p: { storefrontSlug: string; classSlug: string }, projectName: string) {
  await page.goto(classHref(p));
  await waitForHydration(page, projectName);
}

/** On a class page: 'Add to cart', then the dialog. */
async function addToCart(page: Page, title: string) {
  const hero = page.getByRole("region", { name: title });
  await hero.getByRole("button", { name: "Add to cart" }).click();
  const dialog = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${title} is in your cart at`)).toBeVisible();
  return dialog;
}

/** The card form of the embedded provider's page. */
const fillCard = (page: Page, number: string) => fillTestCard(page, "Ada Byron", { number });

/** The answer to the next cart form post (a fetcher with JavaScript, a form post without). */
const cartPost = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && /^\/cart(\.data)?$/.test(new URL(r.url()).pathname));

/** The cart page's item rows. */
const cartItems = (page: Page) => page.locator("main .cart-items > li");

test.describe("cart", () => {
  test("browse → class page → Add to cart → the dialog → /cart with the item, the summary and the header count", async ({
    page,
    request,
  }, testInfo) => {
    const hooks = await product(request, HOOKS);
    expect(hooks.priceInfo.crossedPrice, "an undiscounted class").toBeNull();
    const price = usd(hooks.priceInfo.price);

    await page.goto("/classes?search=Hooks");
    await waitForHydration(page, testInfo.project.name);
    await resultCards(page).getByRole("link", { name: hooks.title, exact: true }).click();
    await expect(page).toHaveURL(classHref(hooks));
    await expect(h1(page)).toHaveText(hooks.title);
    await waitForHydration(page, testInfo.project.name);
    await expect(cartLink(page, 0)).toBeVisible();

    const dialog = await addToCart(page, hooks.title);
    await expect(dialog).toContainText(`${hooks.title} is in your cart at ${price}.`);
    await expect(dialog.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    await expect(dialog.getByRole("link", { name: "Keep browsing" })).toHaveAttribute("href", classHref(hooks));
    await expect(cartLink(page, 1)).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(h1(page)).toHaveText("Your cart (1 item)");
    await expect(cartItems(page)).toHaveCount(1);
    const item = cartItems(page).first();
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(hooks.title);
    await expect(item.getByRole("link", { name: hooks.title })).toHaveAttribute("href", classHref(hooks));
    await expect(item.locator(".cart-item__creator")).toHaveText(hooks.creator.name);
    await expect(item.locator(".price-tag__price")).toHaveText(`Price ${price}`);
    await expect(item.locator("s")).toHaveCount(0);

    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summaryValue(summary, "Subtotal")).toHaveText(price);
    await expect(summaryValue(summary, "Monthly credit")).toHaveText("Sign in to use yours");
    await expect(summaryValue(summary, "Total")).toHaveText(price);
    await expect(summary.getByRole("link", { name: "Check out" })).toHaveAttribute("href", "/checkout");
    await expect(cartLink(page, 1)).toHaveAttribute("href", "/cart");
    await expectNoAxeViolations(page);
  });

  test("Remove and Empty cart; the empty cart offers Explore Classes", async ({ page, request }, testInfo) => {
    const [tone, riffs, ambient] = await Promise.all([
      product(request, TONE),
      product(request, RIFFS),
      product(request, AMBIENT),
    ]);

    // Keep browsing closes the dialog on the class page; the class is then 'In your cart'.
    await openClass(page, tone, testInfo.project.name);
    const dialog = await addToCart(page, tone.title);
    await dialog.getByRole("link", { name: "Keep browsing" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(classHref(tone));
    await expect(
      page.getByRole("region", { name: tone.title }).getByRole("link", { name: "In your cart" }),
    ).toHaveAttribute("href", "/cart");

    for (const p of [riffs, ambient]) {
      await openClass(page, p, testInfo.project.name);
      await addToCart(page, p.title);
    }
    await expect(cartLink(page, 3)).toBeVisible();
    await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL("/cart");
    await waitForHydration(page, testInfo.project.name);
    await expect(h1(page)).toHaveText("Your cart (3 items)");
    await expect(cartItems(page).getByRole("heading", { level: 3 })).toHaveText([
      tone.title,
      riffs.title,
      ambient.title,
    ]);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    const sum = tone.priceInfo.price + riffs.priceInfo.price + ambient.priceInfo.price;
    await expect(summaryValue(summary, "Subtotal")).toHaveText(usd(sum));
    await expect(summaryValue(summary, "Total")).toHaveText(usd(sum));

    // With JavaScript the list changes at once; either way, what shows once the server has answered is what counts.
    let answered = cartPost(page);
    await page.getByRole("button", { name: `Remove ${riffs.title}` }).click();
    await answered;
    await expect(h1(page)).toHaveText("Your cart (2 items)");
    await expect(cartItems(page).getByRole("heading", { level: 3 })).toHaveText([tone.title, ambient.title]);
    await expect(summaryValue(summary, "Total")).toHaveText(usd(tone.priceInfo.price + ambient.priceInfo.price));
    await expect(cartLink(page, 2)).toBeVisible();

    answered = cartPost(page);
    await page.getByRole("button", { name: "Empty cart" }).click();
    await answered;
    await expect(page.getByRole("heading", { name: "Your cart is empty", level: 2 })).toBeVisible();
    await expect(h1(page)).toHaveText("Your cart (0 items)");
    await expect(cartItems(page)).toHaveCount(0);
    await expect(page.getByRole("complementary", { name: "Order summary" })).toHaveCount(0);
    await expect(cartLink(page, 0)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Explore Classes" }).click();
    await expect(page).toHaveURL("/classes");
  });

  test("prices: an offer shows 'Now' with the regular price struck; a crossed price without an offer is simply the price", async ({
    page,
    request,
  }, testInfo) => {
    const [offer, plain] = await Promise.all([product(request, ON_OFFER), product(request, NO_OFFER)]);
    type Detail = Product & { crossedPriceApplicableFrom: string | null };
    expect(Date.parse((offer as Detail).crossedPriceApplicableFrom ?? "") > Date.now(), "a running offer").toBe(true);
    expect((plain as Detail).crossedPriceApplicableFrom, "no offer").toBeNull();
    const offerRegular = offer.priceInfo.crossedPrice!;
    const plainRegular = plain.priceInfo.crossedPrice!;
    expect(offerRegular).toBeGreaterThan(offer.priceInfo.price);
    expect(plainRegular).toBeGreaterThan(plain.priceInfo.price);

    await openClass(page, offer, testInfo.project.name);
    let hero = page.getByRole("region", { name: offer.title });
    await expect(hero.locator(".price-tag__price")).toHaveText(`Now ${usd(offer.priceInfo.price)}`);
    await expect(hero.locator("s")).toHaveText(`Regular price ${usd(offerRegular)}`);
    await expect(hero.getByText(/^Offer price until /)).toBeVisible();
    await addToCart(page, offer.title);

    await openClass(page, plain, testInfo.project.name);
    hero = page.getByRole("region", { name: plain.title });
    await expect(hero.locator(".price-tag__price")).toHaveText(`Price ${usd(plainRegular)}`);
    await expect(hero.locator("s")).toHaveCount(0);
    await expect(hero.getByText(/^Offer price until /)).toHaveCount(0);
    const dialog = await addToCart(page, plain.title);
    await expect(dialog).toContainText(`${plain.title} is in your cart at ${usd(plainRegular)}.`);

    await page.goto("/cart");
    const [offerRow, plainRow] = [cartItems(page).nth(0), cartItems(page).nth(1)];
    await expect(offerRow.getByRole("heading")).toHaveText(offer.title);
    await expect(offerRow.locator(".price-tag__price")).toHaveText(`Now ${usd(offer.priceInfo.price)}`);
    await expect(offerRow.locator("s")).toHaveText(`Regular price ${usd(offerRegular)}`);
    await expect(plainRow.getByRole("heading")).toHaveText(plain.title);
    await expect(plainRow.locator(".price-tag__price")).toHaveText(`Price ${usd(plainRegular)}`);
    await expect(plainRow.locator("s")).toHaveCount(0);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summaryValue(summary, "Regular price")).toHaveText(usd(offerRegular + plainRegular));
    await expect(summaryValue(summary, "Offer savings")).toHaveText(`−${usd(offerRegular - offer.priceInfo.price)}`);
    await expect(summaryValue(summary, "Subtotal")).toHaveText(usd(offer.priceInfo.price + plainRegular));
    await expect(summaryValue(summary, "Total")).toHaveText(usd(offer.priceInfo.price + plainRegular));
    await expectNoAxeViolations(page);
  });

  test("an empty cart and a signed-out library", async ({ page }) => {
    await page.goto("/cart");
    await expect(h1(page)).toHaveText("Your cart (0 items)");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Explore Classes" })).toHaveAttribute(
      "href",
      "/classes",
    );
    await expect(cartLink(page, 0)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/library");
    await expect(h1(page)).toHaveText("Your library");
    await expect(page.getByRole("heading", { name: "Log in to see your classes" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Library" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
  });
});

test.describe("checkout", () => {
  test("signed out: Check out → sign up → checkout → pay with a test card → receipt → library", async ({
    page,
    request,
  }, testInfo) => {
    // A whole journey of about twelve pages with axe on most: without JavaScript on a busy machine it
    // takes close to the default 30 s (the other journeys have the same allowance).
    test.setTimeout(60_000);
    const hooks = await product(request, HOOKS);
    const price = usd(hooks.priceInfo.price);
    const email = emailFor("checkout", testInfo.project.name);

    await openClass(page, hooks, testInfo.project.name);
    await addToCart(page, hooks.title);
    await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL("/cart");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("complementary", { name: "Order summary" }).getByRole("link", { name: "Check out" }).click();

    // The checkout loader sends a visitor to sign up first, on the cart, with checkout to come back to.
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/cart" &&
        url.searchParams.get("auth") === "SocialSignUp" &&
        url.searchParams.get("redirect") === "/checkout",
    );
    const signUp = page.getByRole("dialog", { name: "Sign up to continue" });
    await expect(signUp).toBeVisible();
    await expectNoAxeViolations(page);
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByRole("button", { name: "Continue with email" }).click();

    const create = page.getByRole("dialog", { name: "Nice! Almost done..." });
    await expect(create).toBeVisible();
    await expect(create.getByLabel("Email")).toHaveValue(email);
    await create.getByLabel("First name").fill("Grace");
    await create.getByLabel("Last name").fill("Hopper");
    await create.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await create.getByRole("button", { name: "Create Account" }).click();

    // Signed in, on checkout, with the visitor's cart now the account's.
    await expect(page).toHaveURL("/checkout");
    await expect(h1(page)).toHaveText("Checkout");
    await expect(banner(page).getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Library" })).toHaveAttribute("href", "/library");
    await expect(cartLink(page, 1)).toBeVisible();
    const order = page.getByRole("region", { name: "Your order" });
    await expect(order.getByRole("heading", { level: 3 })).toHaveText([hooks.title]);
    await expect(order.locator(".cart-item__creator")).toHaveText(hooks.creator.name);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summaryValue(summary, "Subtotal")).toHaveText(price);
    await expect(summaryValue(summary, "Monthly credit")).toHaveText("$0.00");
    await expect(summaryValue(summary, "Total")).toHaveText(price);
    await expect(summary).toContainText(`Test mode: no real card is charged. Receipt to ${email}.`);
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);

    await summary.getByRole("button", { name: `Pay ${price}` }).click();
    await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
    await expect(h1(page)).toHaveText(`Pay ${price}`);
    await expect(page.getByRole("note", { name: "Test cards" })).toContainText("Test mode.");
    await expect(page.locator(".pay-lines")).toContainText(hooks.title);
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${price}` }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=[0-9a-f-]{36}$/);
    await expect(h1(page)).toHaveText("Thank you! Your purchase is complete");
    await expect(page.getByText(`A receipt is on its way to ${email}.`)).toBeVisible();
    await expect(page.locator(".pay-lines__total")).toHaveText(`Total paid${price}`);
    // What was bought has left the cart.
    await expect(cartLink(page, 0)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Go to your library" }).click();
    await expect(page).toHaveURL("/library");
    await expect(h1(page)).toHaveText("Your library");
    const owned = page.getByRole("list", { name: "Owned classes" }).getByRole("listitem");
    await expect(owned).toHaveCount(1);
    await expect(owned.getByRole("heading")).toHaveText(hooks.title);
    await expect(owned.getByRole("link", { name: hooks.title, exact: true })).toHaveAttribute("href", classHref(hooks));
    await expect(owned).toContainText(hooks.creator.name);
    await expectNoAxeViolations(page);

    // The class page now leads to the library instead of selling the class again.
    await page.goto(classHref(hooks));
    await expect(page.getByRole("region", { name: hooks.title }).getByText("You own this.")).toBeVisible();
    await expect(page.getByRole("region", { name: hooks.title }).getByRole("button", { name: "Buy now" })).toHaveCount(
      0,
    );
  });

  test("a declined card stays on the pay page; a good card then pays", async ({
    page,
    request,
    problems,
    login,
  }, testInfo) => {
    problems.allowStatus(402);
    const tone = await product(request, TONE);
    const price = usd(tone.priceInfo.price);
    await login({ firstName: "Ada", lastName: "Byron" });

    await openClass(page, tone, testInfo.project.name);
    await page.getByRole("region", { name: tone.title }).getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL("/checkout");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: `Pay ${price}` }).click();
    await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
    const payUrl = page.url();
    await waitForHydration(page, testInfo.project.name);

    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: `Pay ${price}` }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
    expect(page.url()).toBe(payUrl);
    await expect(h1(page)).toHaveText(`Pay ${price}`);
    await expectNoAxeViolations(page);

    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${price}` }).click();
    await expect(h1(page)).toHaveText("Thank you! Your purchase is complete");
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
    await page.goto("/library");
    await expect(page.getByRole("list", { name: "Owned classes" }).getByRole("heading")).toHaveText([tone.title]);
  });

  test("signed in, Buy now goes straight to checkout; the membership's Get started replaces a cart of classes", async ({
    page,
    request,
    login,
  }, testInfo) => {
    const [riffs, ambient] = await Promise.all([product(request, RIFFS), product(request, AMBIENT)]);
    await login({ firstName: "Ada", lastName: "Byron" });

    await openClass(page, riffs, testInfo.project.name);
    await page.getByRole("region", { name: riffs.title }).getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL("/checkout");
    await expect(page.getByRole("region", { name: "Your order" }).getByRole("heading", { level: 3 })).toHaveText([
      riffs.title,
    ]);
    await expect(cartLink(page, 1)).toBeVisible();

    await openClass(page, ambient, testInfo.project.name);
    await addToCart(page, ambient.title);
    await expect(cartLink(page, 2)).toBeVisible();

    await openClass(page, MEMBERSHIP, testInfo.project.name);
    const hero = page.getByRole("region", { name: "Studio Membership" });
    await expect(hero.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await hero.getByRole("button", { name: "Get started" }).click();

    // The membership alone: the classes left the cart.
    await expect(page).toHaveURL("/checkout");
    const order = page.getByRole("region", { name: "Your order" });
    await expect(order.getByRole("heading", { level: 3 })).toHaveText(["Studio Membership"]);
    await expect(order.locator(".cart-item__creator")).toHaveText("Membership");
    await expect(order.getByRole("group", { name: "Choose your plan" })).toBeVisible();
    await expect(order).not.toContainText(riffs.title);
    await expect(order).not.toContainText(ambient.title);
    await expect(cartLink(page, 1)).toBeVisible();

    await page.goto("/cart");
    await expect(h1(page)).toHaveText("Your cart (1 item)");
    await expect(cartItems(page).getByRole("heading", { level: 3 })).toHaveText(["Studio Membership"]);
    await expect(cartItems(page).locator(".cart-item__creator")).toHaveText("Membership");
  });

  test("discount codes on checkout: an unknown code is refused; WELCOME10 applies and can be removed", async ({
    page,
    request,
    problems,
    login,
  }, testInfo) => {
    problems.allowStatus(400);
    const ambient = await product(request, AMBIENT);
    const price = usd(ambient.priceInfo.price);
    await login({ firstName: "Ada", lastName: "Byron" });
    await openClass(page, ambient, testInfo.project.name);
    await addToCart(page, ambient.title);
    await page.goto("/checkout");
    await waitForHydration(page, testInfo.project.name);

    await page.getByLabel("Discount code").fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("This discount code is not valid.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/checkout" && !url.searchParams.has("code"));
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText(/^Discount/)).toHaveCount(0);
    await expect(summaryValue(summary, "Total")).toHaveText(price);
    await expect(page.getByRole("button", { name: `Pay ${price}` })).toBeVisible();
    await expectNoAxeViolations(page);

    // A seeded demo code (WELCOME10, 10% off), typed in lower case, applies; 'Remove code' takes it off.
    const off = Math.round(ambient.priceInfo.price / 10);
    await page.getByLabel("Discount code").fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL("/checkout?code=WELCOME10");
    await expect(page.getByText("Code WELCOME10 applied.")).toBeVisible();
    await expect(summaryValue(summary, "Discount")).toHaveText(`−${usd(off)}`);
    await expect(summary.locator("dt", { hasText: "Discount" })).toHaveText("Discount (WELCOME10)");
    await expect(summaryValue(summary, "Total")).toHaveText(usd(ambient.priceInfo.price - off));
    await expect(page.getByRole("button", { name: `Pay ${usd(ambient.priceInfo.price - off)}` })).toBeVisible();
    await page.getByRole("button", { name: "Remove code" }).click();
    await expect(page).toHaveURL("/checkout");
    await expect(summaryValue(summary, "Total")).toHaveText(price);
  });
});

test("sign-out clears the header's cart count; logging in again brings the cart back", async ({
  page,
  request,
  login,
}, testInfo) => {
  const riffs = await product(request, RIFFS);
  const { email, password } = await login({ firstName: "Mary", lastName: "Byron" });
  await openClass(page, riffs, testInfo.project.name);
  await addToCart(page, riffs.title);
  await expect(cartLink(page, 1)).toBeVisible();

  await page.goto("/cart");
  await waitForHydration(page, testInfo.project.name);
  await banner(page).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/");
  await expect(banner(page).getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Library" })).toHaveCount(0);
  // The browser's copy of the cart goes too (with JavaScript).
  if (testInfo.project.name === "js")
    expect([null, "[]"]).toContain(await page.evaluate(() => window.localStorage.getItem("studio_cartitems")));
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();

  await page.goto("/classes?auth=Login");
  await waitForHydration(page, testInfo.project.name);
  const logIn = page.getByRole("dialog", { name: "Log In" });
  await logIn.getByLabel("Email").fill(email);
  await logIn.getByLabel("Password", { exact: true }).fill(password);
  await logIn.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(banner(page).getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();
  await page.goto("/cart");
  await expect(cartItems(page).getByRole("heading", { level: 3 })).toHaveText([riffs.title]);
});
