/** The Terms of Service, in Markdown. {product} and {email} are filled in at render time. */
export const termsMarkdown = `Effective date: November 21, 2026

These Terms of Service ("Terms") govern your use of {product}: the website, creators' storefronts, the apps creators build on it, and the classes, collections, schools, memberships and subscriptions sold through it. "{product}", "we" and "us" mean the operator of {product}; "you" means anyone who visits, buys, teaches or builds here. By creating an account or making a purchase you agree to these Terms and to our Privacy Policy.

## Accounts and eligibility

You can sign up with an email address and password or with Google or Apple. You must be at least 13 years old, or 16 if you live in the European Economic Area, the United Kingdom or Switzerland. If you are under the age of majority where you live, a parent or guardian must accept these Terms for you and make any purchase.

Keep your email address current: we send sign-in codes, receipts and notices there. Keep your password private and tell us at {email} if you think someone else has used your account. You are responsible for activity under your account. Accounts are personal: do not share, sell or sign in for someone else.

## Purchases and pricing

All prices are in US dollars (USD). Your card issuer may convert the amount and charge its own fees. Prices at checkout include any sales tax or VAT we must collect based on your billing country. Cart items are not reserved, and the price you pay is the one shown on the final checkout step. Payments are processed by Stripe; we never see or store your full card number.

## Countdown offers and crossed-out prices

Some items show a discounted price, a crossed-out price and a countdown timer. We run these honestly:

- The countdown shows when that offer ends for you. At zero, the discount ends for that cycle.
- Offers run in cycles, so a similar offer may return in a later cycle.
- A crossed-out price is the regular price the item actually sells at when no offer is running. Where the law requires it (for example, in the European Union), it is the lowest price we charged in the 30 days before the discount.
- If a price drops after you buy, we do not refund the difference.

## Monthly credit

Some memberships include a monthly credit you can redeem for an eligible class. Credit is added at the start of each paid billing month, can only be used on {product}, has no cash value, cannot be transferred or exchanged for money, and expires at the end of that month unless the plan says it rolls over. Credit is not granted during free trials unless the plan says so, and unused credit is lost when a membership ends. Classes redeemed with credit stay in your library after the membership ends.

## Memberships and subscriptions

Memberships and subscriptions are billed monthly or annually, as chosen at checkout.

**Trials.** Some plans start with a free trial. At checkout we show the trial length, the price and the date of the first charge. Unless you cancel before the trial ends, your payment method is charged on that date. One trial per person per plan.

**Renewal.** Plans renew automatically at the end of each billing period until you cancel. If we change your plan's price, we will email you at least 30 days before it applies to you so you can cancel first. If a renewal payment fails, we may retry it and pause access until it succeeds.

**Cancellation.** Cancel at any time in your account settings or by writing to {email}. Cancelling stops future renewals; you keep access until the end of the period you have paid for. Cancelling during a trial ends it without charge.

## Refunds

- **Classes, collections and schools:** full refund if requested within 14 days of purchase and you have completed less than 25% of the lessons.
- **Monthly plans:** refund of your first paid month if requested within 14 days of the charge. Later renewals are not refunded.
- **Annual plans:** full refund if requested within 14 days of the first annual charge or an annual renewal; no refunds for partial periods after that.
- **Studio tiers** follow the same monthly and annual rules.

Request refunds at {email} from your account's email address. Refunds go to the original payment method, usually within 5–10 business days. Refunded items leave your library, and a refunded membership ends. We may refuse refunds where we see repeated buying and refunding.

In the EU and UK, online purchases normally carry a 14-day right of withdrawal. Because lessons are digital content available immediately, at checkout we ask you to agree that access starts at once and that the statutory right ends when you start watching; the refund windows above still apply. Nothing in these Terms limits consumer rights that cannot legally be waived.

## Your licence to watch content

Buying a class or holding an active membership gives you a personal, non-exclusive, non-transferable, revocable licence to stream the lessons and use the materials for your own non-commercial learning. Do not download (except through a download button we provide), record, copy, share, resell or publicly perform lessons, sheet music, tabs, backing tracks, recipes or other materials, or use them to train machine-learning models.

Purchases stay in your library while {product} offers them and your account is in good standing. If a class you bought is withdrawn and we cannot keep it available to you, we will offer a refund or credit. Membership content is available only while the membership is active.

## Creator obligations and content licence

If you sell on {product}, you agree that:

- You own or have licensed everything you upload, including recordings, compositions, arrangements, backing tracks, images and recipes. Teaching a cover song, for example, may need permission from its rights holders.
- Your descriptions, lesson counts, skill levels and previews are accurate.
- You will answer reasonable learner questions and not ask learners to pay you outside {product} for content bought here.
- You are responsible for taxes on your earnings. Fees, revenue share and payout timing are as shown in your creator dashboard at the time of each sale; payouts are made through Stripe.

You keep ownership of your content. You grant us a worldwide, non-exclusive, royalty-free licence to host, transcode, stream, display, caption, translate and distribute it to learners, and to use excerpts, thumbnails and your name and likeness to promote your content and {product}. The licence lasts while your content is on {product}, and afterwards for learners who already bought it.

## Creator apps and their end users

Creators can build storefront apps with a landing page, a theme, an onboarding questionnaire and an AI-generated personalized plan. If you build an app, you are responsible for it, its questions and what it tells end users, and you must publish your own privacy notice for the data it collects. Do not ask for health, financial, government ID or other sensitive information, and do not target children under 13.

If you use a creator's app as an end user, the creator, not {product}, is responsible for the app and its offers. Personalized plans are generated automatically from your answers and may contain mistakes. They are practice suggestions, not medical, dietary or professional advice: stop if a technique causes pain, protect your hearing, and check recipes for allergens.

## Studio tiers

Creators buy a studio pricing tier to publish classes, storefronts and apps. Each tier's limits and features are described on the pricing page. Tiers are billed monthly or annually and renew, cancel and refund as described above. If you downgrade or your tier ends, content above your new limits is unpublished, not deleted; existing buyers keep access, and you can republish by upgrading.

## Acceptable use

Do not: break the law; upload infringing, hateful, harassing, sexually explicit or violent content; impersonate anyone; share or resell accounts; scrape {product} or bypass the paywall, access controls or offer timers; abuse trials, referral codes or refunds; post fake reviews; send spam or malware; probe or overload our systems; or collect other people's personal data without consent.

## Intellectual property and takedown

{product}'s software, design, name and logos belong to us; creators own their classes. Nothing in these Terms transfers ownership to you.

If you believe content on {product} infringes your copyright, email {email} with: your contact details; the work infringed; the URL of the material; a statement of your good-faith belief that the use is unauthorized; a statement, under penalty of perjury, that your notice is accurate and you are the owner or authorized to act for the owner; and your physical or electronic signature. We remove material subject to a valid notice and inform the creator, who may send a counter-notice. We close the accounts of repeat infringers.

## Disclaimers

{product} and all content are provided "as is" and "as available". To the extent the law allows, we disclaim all implied warranties, including merchantability, fitness for a particular purpose and non-infringement. We do not promise that any class or plan will produce a particular result, or that {product} will be uninterrupted or error-free.

## Limitation of liability

To the extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill. Our total liability for any claim relating to {product} is limited to the greater of what you paid us in the 12 months before the claim arose and US$100. These limits do not apply where the law forbids them, such as for fraud or for death or personal injury caused by negligence.

## Termination

You can close your account at any time in your account settings or by writing to {email}; this cancels renewals but does not by itself refund past payments. We may suspend or close accounts, or remove content, that break these Terms, put others at risk or expose us to legal liability. Where reasonable, we will explain why and let you respond. If we close your account without cause, we refund the unused part of any prepaid membership or tier. Disclaimers, limitation of liability and governing law survive termination.

## Changes to these terms

We may update these Terms. For material changes we will email account holders and post a notice on {product} at least 30 days before they take effect. If you keep using {product} after that, the new Terms apply; if you do not agree, cancel before the effective date.

## Governing law

These Terms are governed by the laws of the State of Delaware, USA, without regard to conflict-of-laws rules. Disputes will be resolved in the state or federal courts located in Delaware, and both you and we consent to their jurisdiction. If you are a consumer living outside the United States, you keep the protection of the mandatory laws of your country and may bring claims in your local courts.

## Contact

Questions about these Terms, refunds or takedown notices: {email}.
`;
