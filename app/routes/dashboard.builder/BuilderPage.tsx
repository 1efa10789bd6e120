import { Form, Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatCents } from "~/platform/format";
import { NO_PLANS_TEXT } from "~/features/apps/payment-options";
import { buttonClass } from "~/ui/Button";
import type { UnpublishedAnswer } from "~/features/builder/builder.server";
import { checkUnpublishedChanges, forgetUnpublishedChanges } from "~/features/builder/client";
import { FlowEditor, History, LandingEditor, PricingEditor, ThemeEditor } from "~/features/builder/components/Editors";
import { AppSwitcher } from "~/features/builder/components/AppSwitcher";
import { LandingTools } from "~/features/builder/components/LandingTools";
import { ErrorSummary, SavedSignal } from "~/features/builder/components/fields";
import {
  builderPath,
  publishGaps,
  publishNeedsConfirming,
  tierOffer,
  type BuilderActionData,
  type PublishGap,
  type Section,
} from "~/features/builder/rules";
import type { StudioTierOption } from "~/features/builder/builder.server";
import type { BuilderData } from "./builder.server";

const SECTION_LABELS: Record<Section, string> = {
  landing: "Landing page",
  theme: "Theme",
  onboarding: "Onboarding",
  pricing: "Pricing",
  publish: "Publish",
};
const PART_LABELS: Record<string, string> = {
  landingPage: "landing page",
  theme: "theme",
  onboardingFlow: "onboarding",
  pricing: "pricing",
};

export function BuilderPage({ data, actionData }: { data: BuilderData; actionData?: BuilderActionData }) {
  if (data.kind === "picker") return <AppPicker apps={data.apps} />;
  if (data.kind === "tiers")
    return <TiersPanel data={data} formError={actionData && !actionData.ok ? actionData.formError : undefined} />;
  if (data.kind === "paid") return <PaidPanel data={data} />;
  return <Editor data={data} actionData={actionData} />;
}

function AppPicker({ apps }: { apps: { id: string; name: string; isPublished: boolean }[] }) {
  return (
    <div className="container builder">
      <h1>App builder</h1>
      {apps.length === 0 ? (
        <p>
          You have no apps yet. Start one from your <Link to="/dashboard">dashboard</Link>.
        </p>
      ) : (
        <>
          <p>Choose an app to edit.</p>
          <ul className="builder-picker">
            {apps.map((a) => (
              <li key={a.id}>
                <Link to={builderPath(a.id)}>{a.name}</Link>{" "}
                {a.isPublished ? <span className="builder-badge builder-badge--ok">Published</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/dashboard/builder?mode=pricing_tiers">See the studio tiers</Link>
      </p>
    </div>
  );
}

function TiersPanel({ data, formError }: { data: Extract<BuilderData, { kind: "tiers" }>; formError?: string }) {
  return (
    <div className="container builder">
      <p className="builder-crumbs">
        {data.appId ? (
          <Link to={builderPath(data.appId)}>Back to {data.appName}</Link>
        ) : (
          <Link to="/dashboard">Back to your dashboard</Link>
        )}
      </p>
      <h1>Choose a studio tier</h1>
      <p className="builder-lead">
        Publishing needs an active studio tier. Pick the one that fits how many apps you want live.
      </p>
      {data.block?.reason === "tier-full" ? (
        <p className="builder-note builder-note--warn" role="status">
          {data.block.message} You have {data.block.publishedElsewhere} live on your {data.block.tier.name} tier, so{" "}
          {data.appName} cannot go live until you choose a larger tier below.
        </p>
      ) : data.activeTier ? (
        <p className="builder-note" role="status">
          Your {data.activeTier.name} tier is active.{" "}
          {data.appId ? <Link to={builderPath(data.appId, { section: "publish" })}>Go to publishing</Link> : null}
        </p>
      ) : null}
      <ErrorSummary errors={{}} formError={formError} />
      <ul className="builder-tiers">
        {data.tiers.map((tier) => (
          <li key={tier.slug} className="builder-tier">
            <h2>{tier.name}</h2>
            <p>{tier.description}</p>
            <ul className="builder-tier__features" aria-label={`${tier.name} features`}>
              {tier.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <TierBuy tier={tier} data={data} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A tier's purchase buttons; the current tier and smaller ones say so instead of selling themselves. */
function TierBuy({ tier, data }: { tier: StudioTierOption; data: Extract<BuilderData, { kind: "tiers" }> }) {
  const offer = tierOffer(tier, data.activeTier);
  if (offer === "current") return <p className="builder-badge builder-badge--ok">Your current tier</p>;
  if (offer === "smaller") return <p className="builder-tier__aside">Fewer published apps than your current tier.</p>;
  return (
    <>
      {[tier.monthly, tier.annual].map((option) =>
        option ? (
          <Form method="post" key={option.id} className="builder-tier__buy">
            <input type="hidden" name="intent" value="buy-tier" />
            <input type="hidden" name="priceOptionId" value={option.id} />
            <input type="hidden" name="tierSlug" value={tier.slug} />
            <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
            {data.appId ? <input type="hidden" name="appId" value={data.appId} /> : null}
            <button
              type="submit"
              className={buttonClass({ variant: option.interval === "year" ? "primary" : "secondary" })}
            >
              {/* The card's heading names the tier; the button says only its price, so it fits one line. */}
              <span className="btn__label">
                <span className="visually-hidden">
                  {tier.name} {option.interval === "month" ? "monthly" : "annual"}:{" "}
                </span>
                {formatCents(option.priceCents)} {option.interval === "month" ? "a month" : "a year"}
              </span>
            </button>
          </Form>
        ) : null,
      )}
    </>
  );
}

function PaidPanel({ data }: { data: Extract<BuilderData, { kind: "paid" }> }) {
  return (
    <div className="container builder">
      <h1>Publish</h1>
      {data.paid ? (
        <p className="builder-note" role="status">
          Your {data.tierName} tier is active. You can publish {data.appName ?? "your app"} now.
        </p>
      ) : (
        <p className="builder-note" role="status">
          We are confirming your payment. <Link to="">Refresh</Link> in a moment.
        </p>
      )}
      {data.appId && data.paid ? (
        <Form method="post" action={builderPath(data.appId, { section: "publish" })}>
          <input type="hidden" name="section" value="publish" />
          <button
            type="submit"
            name="intent"
            value="publish"
            className={buttonClass({ variant: "primary", size: "large" })}
          >
            <span className="btn__label">Publish now</span>
          </button>
        </Form>
      ) : data.paid ? (
        <p>
          Open an app in the <Link to="/dashboard/builder">builder</Link> or your <Link to="/dashboard">dashboard</Link>{" "}
          to publish it.
        </p>
      ) : null}
    </div>
  );
}

function useUnpublished(appId: string, initial: UnpublishedAnswer) {
  const [state, setState] = useState(initial);
  useEffect(() => setState(initial), [initial]);
  const refresh = useCallback(() => {
    forgetUnpublishedChanges(appId);
    checkUnpublishedChanges(appId)
      .then((answer) => setState(answer as UnpublishedAnswer))
      .catch(() => {});
  }, [appId]);
  return { state, refresh };
}

function Editor({
  data,
  actionData,
}: {
  data: Extract<BuilderData, { kind: "editor" }>;
  actionData?: BuilderActionData;
}) {
  const { app, section } = data;
  const { state: unpublished, refresh } = useUnpublished(app.id, data.unpublished);
  const refused = actionData && !actionData.ok && actionData.section === section ? actionData : null;
  // A landing tool's refusal shows beside that tool; the editor keeps the saved page.
  const failed = refused && !refused.tool ? refused : null;
  const toolFailed = refused?.tool
    ? { tool: refused.tool, message: refused.formError, values: refused.values as Record<string, unknown> }
    : null;
  const errors = failed?.errors ?? {};
  const newest = (page: { versions: { versionId: string }[] } | null) => page?.versions[0]?.versionId ?? "none";
  return (
    <SavedSignal.Provider value={refresh}>
      <div className="container builder">
        <header className="builder-header">
          <div className="builder-header__title">
            <p className="builder-crumbs">
              <Link to="/dashboard">Dashboard</Link> / App builder
            </p>
            <h1>{app.name}</h1>
            <p className="builder-badges" aria-live="polite">
              {unpublished.isPublished ? (
                <span className="builder-badge builder-badge--ok">Published</span>
              ) : (
                <span className="builder-badge">Not published</span>
              )}
              {unpublished.hasUnpublishedChanges ? (
                <span
                  className="builder-badge builder-badge--warn"
                  title={`Changed: ${unpublished.changed.map((c) => PART_LABELS[c] ?? c).join(", ")}`}
                >
                  Unpublished changes
                </span>
              ) : null}
            </p>
          </div>
          <div className="builder-header__links">
            <AppSwitcher currentAppId={app.id} />
            {unpublished.isPublished ? (
              <a href={app.publicPath} className={buttonClass({ variant: "secondary", size: "small" })}>
                <span className="btn__label">View public page</span>
              </a>
            ) : null}
            <Link
              to={builderPath(app.id, { section: "publish" })}
              className={buttonClass({ variant: "primary", size: "small" })}
            >
              <span className="btn__label">Publish</span>
            </Link>
          </div>
        </header>
        <nav className="builder-tabs" aria-label="Builder sections">
          <ul>
            {(Object.keys(SECTION_LABELS) as Section[]).map((s) => (
              <li key={s}>
                <Link
                  to={builderPath(app.id, { section: s })}
                  aria-current={s === section ? "page" : undefined}
                  className={s === section ? "builder-tab builder-tab--current" : "builder-tab"}
                >
                  {SECTION_LABELS[s]}
                </Link>
              </li>
            ))}
            <li>
              <Link to={builderPath(app.id, { mode: "blueprint" })} className="builder-tab">
                Blueprint
              </Link>
            </li>
            <li>
              <Link to={builderPath(app.id, { mode: "media" })} className="builder-tab">
                Media
              </Link>
            </li>
            <li>
              <Link to={builderPath(app.id, { mode: "simulator" })} className="builder-tab">
                Simulator
              </Link>
            </li>
          </ul>
        </nav>
        <div className="builder-body">
          <h2 className="visually-hidden">{SECTION_LABELS[section]}</h2>
          {section === "landing" ? (
            <>
              {/* The AI tools first: the editor below is long, and a proposal is what to act on next. */}
              <LandingTools
                appId={app.id}
                page={app.landingPage}
                theme={app.theme}
                proposal={actionData?.ok && actionData.proposal ? actionData.proposal : null}
                failed={toolFailed}
                modelConnected={data.modelConnected}
                photos={data.libraryPhotos}
              />
              <LandingEditor
                key={`landing-${newest(data.landingVersions)}${failed ? "-failed" : ""}`}
                page={(failed?.values as typeof app.landingPage) ?? app.landingPage}
                theme={app.theme}
                errors={errors}
                formError={failed?.formError}
                formKey={newest(data.landingVersions)}
                modelConnected={data.modelConnected}
              />
              <History
                title="Landing page history"
                page={data.landingVersions}
                section="landing"
                moreHref={historyHref(app.id, "landing", data.landingVersions?.nextCursor)}
              />
            </>
          ) : null}
          {section === "theme" ? (
            <>
              <ThemeEditor
                key={`theme-${newest(data.themeVersions)}`}
                theme={app.theme}
                page={app.landingPage}
                errors={errors}
                formError={failed?.formError}
                formKey={newest(data.themeVersions)}
              />
              <History title="Theme history" page={data.themeVersions} section="theme" />
            </>
          ) : null}
          {section === "onboarding" ? (
            <>
              <FlowEditor
                key={`flow-${newest(data.flowVersions)}${failed ? "-failed" : ""}`}
                flow={(failed?.values as typeof app.onboardingFlow) ?? app.onboardingFlow}
                errors={errors}
                formError={failed?.formError}
                previewHref={app.previewOnboardingPath}
                formKey={newest(data.flowVersions) + (failed ? "-failed" : "")}
              />
              <History
                title="Onboarding history"
                page={data.flowVersions}
                section="onboarding"
                moreHref={historyHref(app.id, "onboarding", data.flowVersions?.nextCursor)}
              />
            </>
          ) : null}
          {section === "pricing" ? (
            <PricingEditor
              key={`pricing-${app.pricing.monthlyPrice}-${app.pricing.annualPrice}-${app.pricing.annualDurationUnit}${failed ? "-failed" : ""}`}
              pricing={app.pricing}
              errors={errors}
              formError={failed?.formError}
              values={
                failed?.values as { monthlyPrice: string; annualPrice: string; annualDurationUnit: string } | undefined
              }
              formKey={`${app.pricing.monthlyPrice}-${app.pricing.annualPrice}-${app.pricing.annualDurationUnit}`}
            />
          ) : null}
          {section === "publish" ? (
            <PublishPanel data={data} unpublished={unpublished} confirm={refused?.confirmPublish ?? null} />
          ) : null}
        </div>
      </div>
    </SavedSignal.Provider>
  );
}

const historyHref = (appId: string, section: string, cursor: string | null | undefined) =>
  cursor ? builderPath(appId, { section, historyCursor: cursor }) : null;

/** What the app lacks; the first gap of each section links to it. */
function GapList({ appId, gaps, id }: { appId: string; gaps: PublishGap[]; id: string }) {
  return (
    <ul className="builder-gaps" aria-labelledby={id}>
      {gaps.map((gap, i) => (
        <li key={gap.id}>
          {gap.text}
          {gaps.findIndex((g) => g.section === gap.section) === i ? (
            <>
              {" "}
              <Link to={builderPath(appId, { section: gap.section })}>
                {gap.section === "pricing" ? "Set a price" : "Edit the landing page"}
              </Link>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The publish post's answer for an app that sells no plan: what visitors will see and what else the
 * app lacks, then Publish again with confirm=yes, or a way to set a price. A form post each, so it
 * works without JavaScript; with it, focus moves to the question.
 */
function ConfirmPublish({ appId, gaps, isPublished }: { appId: string; gaps: PublishGap[]; isPublished: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="builder-confirm" aria-labelledby="publish-confirm-heading">
      <h3 id="publish-confirm-heading" ref={heading} tabIndex={-1}>
        Publish without a price?
      </h3>
      <p>
        This app has no price yet. Where its plans would be, visitors will see “{NO_PLANS_TEXT}” and nobody can buy a
        plan until you set one.
      </p>
      <p id="publish-confirm-gaps">What this app is missing:</p>
      <GapList appId={appId} gaps={gaps} id="publish-confirm-gaps" />
      <div className="builder-confirm__actions">
        <Form method="post">
          <input type="hidden" name="section" value="publish" />
          <input type="hidden" name="confirm" value="yes" />
          <button
            type="submit"
            name="intent"
            value="publish"
            className={buttonClass({ variant: "primary" })}
            onClick={() => forgetUnpublishedChanges(appId)}
          >
            <span className="btn__label">
              {isPublished ? "Publish changes without a price" : "Publish without a price"}
            </span>
          </button>
        </Form>
        <Link to={builderPath(appId, { section: "pricing" })} className={buttonClass({ variant: "secondary" })}>
          <span className="btn__label">Set a price first</span>
        </Link>
      </div>
    </section>
  );
}

function PublishPanel({
  data,
  unpublished,
  confirm,
}: {
  data: Extract<BuilderData, { kind: "editor" }>;
  unpublished: UnpublishedAnswer;
  /** The publish post asked first: the gaps it found. */
  confirm: { gaps: PublishGap[] } | null;
}) {
  const { app, tier, block } = data;
  const gaps = publishGaps(app);
  const asks = publishNeedsConfirming(app);
  return (
    <section className="builder-publish" aria-label="Publishing">
      {unpublished.isPublished ? (
        <p>
          Your app is live at <a href={app.publicPath}>{app.publicPath}</a>
          {unpublished.publishedAt
            ? `, published ${new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(unpublished.publishedAt)}`
            : ""}
          .
        </p>
      ) : (
        <p>Your app is not published yet: the public sees a 404 at {app.publicPath}.</p>
      )}
      {unpublished.hasUnpublishedChanges ? (
        <p>Changes not yet published: {unpublished.changed.map((c) => PART_LABELS[c] ?? c).join(", ")}.</p>
      ) : (
        <p>Everything is published.</p>
      )}
      {block?.reason === "no-tier" ? (
        <>
          <p>Publishing needs an active studio tier.</p>
          <Link
            to={builderPath(app.id, { mode: "pricing_tiers" })}
            className={buttonClass({ variant: "primary", size: "large" })}
          >
            <span className="btn__label">Choose a studio tier</span>
          </Link>
        </>
      ) : block?.reason === "tier-full" ? (
        <>
          <p className="builder-note builder-note--warn" role="status">
            {block.message} You have {block.publishedElsewhere} live on your {block.tier.name} tier.
          </p>
          <Link
            to={builderPath(app.id, { mode: "pricing_tiers" })}
            className={buttonClass({ variant: "primary", size: "large" })}
          >
            <span className="btn__label">Upgrade your tier</span>
          </Link>
        </>
      ) : confirm ? (
        <ConfirmPublish appId={app.id} gaps={confirm.gaps} isPublished={unpublished.isPublished} />
      ) : (
        <>
          {tier ? (
            <p>
              Studio tier: {tier.name} (up to {tier.maxPublishedApps} published{" "}
              {tier.maxPublishedApps === 1 ? "app" : "apps"}).
            </p>
          ) : null}
          {gaps.length > 0 ? (
            <>
              <p id="publish-gaps">What this app is missing:</p>
              <GapList appId={app.id} gaps={gaps} id="publish-gaps" />
              {asks ? <p>Publishing asks you to confirm first, because visitors could not buy a plan.</p> : null}
            </>
          ) : null}
          <Form method="post">
            <input type="hidden" name="section" value="publish" />
            <button
              type="submit"
              name="intent"
              value="publish"
              className={buttonClass({ variant: "primary", size: "large" })}
              onClick={() => forgetUnpublishedChanges(app.id)}
            >
              <span className="btn__label">{unpublished.isPublished ? "Publish changes" : "Publish"}</span>
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
