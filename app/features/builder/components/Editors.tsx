import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "~/ui/router";
import type { z } from "zod";
import type { LandingPage, OnboardingFlow, Pricing, Theme } from "~/db/app-content";
import { QUESTION_TYPES, shownContentUrl } from "~/db/app-content";
import { pictureLabel, pictureOrigin } from "~/features/apps/pictures";
import { formatCents } from "~/platform/format";
import type { VersionPage } from "../builder.server";
import {
  centsToDollars,
  dollarsToCents,
  newLandingItem,
  newPage,
  newQuestion,
  optionsText,
  QUESTION_TYPE_LABELS,
  THEME_COLOURS,
} from "../rules";
import { flowForm, landingForm, pricingForm, themeForm } from "../schema";
import { Area, ErrorSummary, Field, ItemButtons, SaveBar, Select, useLiveForm, type Errors } from "./fields";
import { LandingPreview, ThemeSwatches } from "./Preview";

/**
 * An editor's conform form: its id (the list buttons name it) and its one schema, the one the
 * action parses with. The list buttons post to the server, which makes the change and saves.
 */
function useEditorForm<S extends z.ZodTypeAny>(id: string, schema: S) {
  const [form] = useForm<z.input<S>>({ id, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
  return form;
}

/** What the form shows now, read through its schema (the live preview), or `fallback` if it does not read. */
function readForm<S extends z.ZodTypeAny>(schema: S, data: FormData, fallback: z.output<S>): z.output<S> {
  const submission = parseWithZod(data, { schema });
  return submission.status === "success" ? (submission.value as z.output<S>) : fallback;
}

const dateTime = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(ms) + " UTC";
const REASONS = { save: "Saved", restore: "Restored", create: "Created" } as const;

/** A version list with a Restore button per version; `more` links to the next page. */
export function History({
  title,
  page,
  section,
  moreHref,
}: {
  title: string;
  page: VersionPage | null;
  section: string;
  moreHref?: string | null;
}) {
  if (!page) return null;
  return (
    <section className="builder-history" aria-labelledby={`history-${section}`}>
      <h2 id={`history-${section}`}>{title}</h2>
      {page.versions.length === 0 ? <p>No versions yet.</p> : null}
      <ol className="builder-history__list">
        {page.versions.map((v, i) => (
          <li key={v.versionId} className="builder-history__item">
            <span>
              {REASONS[v.reason]} {dateTime(v.createdAt)}
              {i === 0 && !moreHref?.includes("historyCursor=") ? " (latest)" : ""}
            </span>
            <Form method="post" className="builder-history__restore">
              <input type="hidden" name="section" value={section} />
              <input type="hidden" name="versionId" value={v.versionId} />
              <button
                type="submit"
                name="intent"
                value="restore"
                className="btn btn--secondary btn--small"
                aria-label={`Restore the version of ${dateTime(v.createdAt)}`}
              >
                <span className="btn__label">Restore</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
      {page.hasMore && moreHref ? (
        <Link to={moreHref} className="builder-history__more">
          Older versions
        </Link>
      ) : null}
    </section>
  );
}

const LISTS = [
  {
    list: "benefits",
    title: "Benefits",
    noun: "Benefit",
    fields: [
      ["title", "Title"],
      ["description", "Description", "area"],
    ],
  },
  {
    list: "howItWorks",
    title: "How it works",
    noun: "Step",
    fields: [
      ["title", "Title"],
      ["description", "Description", "area"],
    ],
  },
  {
    list: "testimonials",
    title: "Testimonials",
    noun: "Testimonial",
    fields: [
      ["quote", "Quote", "area"],
      ["name", "Name"],
      ["role", "Role"],
    ],
  },
  {
    list: "faq",
    title: "FAQ",
    noun: "Question",
    fields: [
      ["question", "Question"],
      ["answer", "Answer", "area"],
    ],
  },
] as const;

export function LandingEditor({
  page,
  theme,
  errors: serverErrors,
  formError,
  formKey,
  modelConnected = true,
}: {
  page: LandingPage;
  theme: Theme;
  errors: Errors;
  formError?: string;
  formKey: string;
  /** Whether an AI model is connected: says who made the hero picture (./pictures labels). */
  modelConnected?: boolean;
}) {
  const form = useEditorForm("builder-landing", landingForm);
  const live = useLiveForm(page, (data) => readForm(landingForm, data, page));
  const errors = live.errors ?? serverErrors;
  return (
    <div className="builder-columns">
      <Form
        id={form.id}
        method="post"
        encType="multipart/form-data"
        className="builder-editor"
        onChange={live.onChange}
        onSubmit={live.onSubmit}
        key={formKey}
        aria-label="Landing page editor"
        noValidate
      >
        <input type="hidden" name="section" value="landing" />
        <SaveBar status={live.status} />
        <ErrorSummary errors={errors} formError={formError} />
        <fieldset className="builder-group">
          <legend>Hero</legend>
          <Field name="hero.title" label="Title" defaultValue={page.hero.title} errors={errors} maxLength={100} />
          <Area name="hero.subtitle" label="Subtitle" defaultValue={page.hero.subtitle} errors={errors} rows={2} />
          <Field
            name="hero.ctaLabel"
            label="Button label"
            defaultValue={page.hero.ctaLabel}
            errors={errors}
            maxLength={40}
          />
          {/* An address stored before the URL rule (http:, javascript:) is neither shown nor sent back. */}
          <input type="hidden" name="hero.imageUrl" value={shownContentUrl(page.hero.imageUrl) ?? ""} />
          <KeptPictures page={page} />
          {shownContentUrl(page.hero.imageUrl) ? (
            <div className="builder-image">
              {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- it names which image, not that it is one */}
              <img src={shownContentUrl(page.hero.imageUrl)!} alt="The current hero image" width={160} />
              <p className="builder-image__origin">
                {pictureLabel(pictureOrigin(page.hero.imageUrl) ?? "yours", modelConnected)}
              </p>
              <label className="builder-check">
                <input type="checkbox" name="removeImage" /> Remove the image
              </label>
            </div>
          ) : null}
          <div className={["field", errors["hero.image"] && "field--error"].filter(Boolean).join(" ")}>
            <label htmlFor="f-hero-image" className="field__label">
              Hero image (PNG, JPEG, GIF or WebP, up to 2 MB)
            </label>
            <input
              id="f-hero-image"
              type="file"
              name="heroImage"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-describedby={["f-hero-image-hint", errors["hero.image"] ? "f-hero-image-error" : null]
                .filter(Boolean)
                .join(" ")}
            />
            <p id="f-hero-image-hint" className="field__hint">
              The image uploads when you press Save.
            </p>
            {errors["hero.image"] ? (
              <p id="f-hero-image-error" className="field__error" role="alert">
                {errors["hero.image"]}
              </p>
            ) : null}
          </div>
        </fieldset>
        {LISTS.map(({ list, title, noun, fields }) => {
          // Every list of the landing page is of items with text fields (title, description, quote…).
          const items: readonly Partial<Record<string, string>>[] = page[list];
          return (
            <fieldset key={list} className="builder-group">
              <legend>{title}</legend>
              {items.length === 0 ? <p className="builder-muted">None yet.</p> : null}
              {items.map((item, i) => (
                <fieldset key={i} className="builder-item">
                  <legend>
                    {noun} {i + 1}
                  </legend>
                  {fields.map(([key, label, kind]) => {
                    const name = `${list}[${i}].${key}`;
                    return kind === "area" ? (
                      <Area
                        key={key}
                        name={name}
                        label={label}
                        defaultValue={item[key] ?? ""}
                        errors={errors}
                        rows={2}
                      />
                    ) : (
                      <Field key={key} name={name} label={label} defaultValue={item[key] ?? ""} errors={errors} />
                    );
                  })}
                  <ItemButtons form={form} list={list} index={i} count={items.length} noun={noun} />
                </fieldset>
              ))}
              <button
                type="submit"
                {...form.insert.getButtonProps<object[]>({
                  name: list,
                  defaultValue: newLandingItem[list](items.length + 1),
                })}
                className="btn btn--secondary btn--small"
              >
                <span className="btn__label">Add {noun.toLowerCase()}</span>
              </button>
            </fieldset>
          );
        })}
        <fieldset className="builder-group">
          <legend>Pricing text</legend>
          <Field name="pricing.title" label="Pricing title" defaultValue={page.pricing.title} errors={errors} />
          <Area
            name="pricing.subtitle"
            label="Pricing subtitle"
            defaultValue={page.pricing.subtitle}
            errors={errors}
            rows={2}
          />
        </fieldset>
        <fieldset className="builder-group">
          <legend>Call to action</legend>
          <Field
            name="callToAction.title"
            label="Call to action title"
            defaultValue={page.callToAction.title}
            errors={errors}
          />
          <Area
            name="callToAction.subtitle"
            label="Call to action subtitle"
            defaultValue={page.callToAction.subtitle}
            errors={errors}
            rows={2}
          />
          <Field
            name="callToAction.buttonLabel"
            label="Call to action button"
            defaultValue={page.callToAction.buttonLabel}
            errors={errors}
          />
        </fieldset>
        <SaveBar status={live.status} />
      </Form>
      <LandingPreview page={live.value} theme={theme} />
    </div>
  );
}

export function ThemeEditor({
  theme,
  page,
  errors: serverErrors,
  formError,
  formKey,
}: {
  theme: Theme;
  page: LandingPage;
  errors: Errors;
  formError?: string;
  formKey: string;
}) {
  const form = useEditorForm("builder-theme", themeForm);
  const live = useLiveForm(theme, (data) => readForm(themeForm, data, theme));
  const errors = live.errors ?? serverErrors;
  const labels = {
    primaryColor: "Primary colour",
    accentColor: "Accent colour",
    backgroundColor: "Background colour",
    textColor: "Text colour",
  } as const;
  const shown = live.value;
  return (
    <div className="builder-columns">
      <Form
        id={form.id}
        method="post"
        className="builder-editor"
        onChange={live.onChange}
        onSubmit={live.onSubmit}
        key={formKey}
        aria-label="Theme editor"
        noValidate
      >
        <input type="hidden" name="section" value="theme" />
        <SaveBar status={live.status} />
        <ErrorSummary errors={errors} formError={formError} />
        <fieldset className="builder-group">
          <legend>Colours</legend>
          {THEME_COLOURS.map((name) => (
            <div key={name} className="builder-colour">
              <div className="field">
                <label htmlFor={`f-${name}Picker`} className="field__label">
                  {labels[name]} picker
                </label>
                <input
                  id={`f-${name}Picker`}
                  type="color"
                  name={`${name}Picker`}
                  defaultValue={theme[name]}
                  className="builder-colour__picker"
                  onInput={(e) => {
                    // With JavaScript the hex field follows the picker.
                    const text = e.currentTarget.form?.elements.namedItem(name) as HTMLInputElement | null;
                    if (text) text.value = e.currentTarget.value;
                  }}
                />
              </div>
              <input type="hidden" name={`${name}Was`} value={theme[name]} />
              <Field
                name={name}
                label={`${labels[name]} (hex)`}
                defaultValue={theme[name]}
                errors={errors}
                maxLength={7}
                hint="Like #1a2b3c"
                onInput={(e) => {
                  // …and the picker follows a complete hex value typed here.
                  const picker = e.currentTarget.form?.elements.namedItem(`${name}Picker`) as HTMLInputElement | null;
                  if (picker && /^#[0-9a-fA-F]{6}$/.test(e.currentTarget.value))
                    picker.value = e.currentTarget.value.toLowerCase();
                }}
              />
            </div>
          ))}
        </fieldset>
        <fieldset className="builder-group">
          <legend>Type and shape</legend>
          <Select
            name="font"
            label="Font"
            errors={errors}
            defaultValue={theme.font}
            options={[
              { value: "system", label: "System" },
              { value: "serif", label: "Serif" },
              { value: "rounded", label: "Rounded" },
              { value: "mono", label: "Monospace" },
            ]}
          />
          <Field
            name="cornerRadius"
            label="Corner radius (0–32 px)"
            type="number"
            inputMode="numeric"
            min={0}
            max={32}
            defaultValue={String(theme.cornerRadius)}
            errors={errors}
          />
        </fieldset>
        <fieldset className="builder-group">
          <legend>Light or dark</legend>
          {(["light", "dark"] as const).map((mode) => (
            <label key={mode} className="builder-check">
              <input type="radio" name="mode" value={mode} defaultChecked={theme.mode === mode} />{" "}
              {mode === "light" ? "Light" : "Dark"}
            </label>
          ))}
          {errors.mode ? <p className="field__error">{errors.mode}</p> : null}
        </fieldset>
        <SaveBar status={live.status} />
      </Form>
      <div className="builder-side" role="region" aria-label="Theme preview" tabIndex={0}>
        <ThemeSwatches theme={validTheme(shown, theme)} />
        <LandingPreview page={page} theme={validTheme(shown, theme)} label="Landing page in this theme" />
      </div>
    </div>
  );
}

/** While a typed colour is half-written the preview keeps the last good value. */
function validTheme(typed: Theme, fallback: Theme): Theme {
  const hex = (v: string, f: string) => (/^#[0-9a-fA-F]{6}$/.test(v) ? v : f);
  return {
    mode: typed.mode === "dark" || typed.mode === "light" ? typed.mode : fallback.mode,
    primaryColor: hex(typed.primaryColor, fallback.primaryColor),
    accentColor: hex(typed.accentColor, fallback.accentColor),
    backgroundColor: hex(typed.backgroundColor, fallback.backgroundColor),
    textColor: hex(typed.textColor, fallback.textColor),
    font: typed.font || fallback.font,
    cornerRadius: Number.isFinite(typed.cornerRadius)
      ? Math.min(32, Math.max(0, typed.cornerRadius))
      : fallback.cornerRadius,
  };
}

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));

export function FlowEditor({
  flow,
  errors: serverErrors,
  formError,
  previewHref,
  formKey,
}: {
  flow: OnboardingFlow;
  errors: Errors;
  formError?: string;
  previewHref: string;
  formKey: string;
}) {
  const form = useEditorForm("builder-onboarding", flowForm);
  const live = useLiveForm(flow, (data) => readForm(flowForm, data, flow));
  const errors = live.errors ?? serverErrors;
  const shown = live.value;
  return (
    <Form
      id={form.id}
      method="post"
      className="builder-editor builder-editor--wide"
      onChange={live.onChange}
      onSubmit={live.onSubmit}
      key={formKey}
      aria-label="Onboarding flow editor"
      noValidate
    >
      <input type="hidden" name="section" value="onboarding" />
      <SaveBar status={live.status}>
        <a href={previewHref} className="btn btn--secondary btn--medium" target="_blank" rel="noreferrer">
          <span className="btn__label">Preview onboarding</span>
        </a>
      </SaveBar>
      <ErrorSummary errors={errors} formError={formError} />
      {shown.pages.map((page, p) => {
        const earlierKeys = shown.pages
          .slice(0, p)
          .flatMap((x) => x.questions.map((q) => q.key))
          .filter(Boolean);
        const base = `pages[${p}]`;
        return (
          <fieldset key={p} className="builder-group builder-page">
            <legend>
              Page {p + 1}: {page.title || "Untitled"}
            </legend>
            <input type="hidden" name={`${base}.id`} value={page.id} />
            <Field name={`${base}.title`} label="Page title" defaultValue={page.title} errors={errors} />
            <Area
              name={`${base}.description`}
              label="Page description (optional)"
              defaultValue={page.description ?? ""}
              errors={errors}
              rows={2}
            />
            {p > 0 ? (
              <fieldset className="builder-item builder-skip">
                <legend>Skip this page when</legend>
                <Select
                  name={`${base}.skipKey`}
                  label="Answer"
                  errors={{ [`${base}.skipKey`]: errors[`${base}.skipIf.key`] ?? "" }}
                  defaultValue={page.skipIf?.key ?? ""}
                  options={[
                    { value: "", label: "Never skip" },
                    ...[...new Set([...earlierKeys, ...(page.skipIf?.key ? [page.skipIf.key] : [])])].map((k) => ({
                      value: k,
                      label: k,
                    })),
                  ]}
                />
                <Select
                  name={`${base}.skipOperator`}
                  label="Rule"
                  errors={errors}
                  defaultValue={page.skipIf?.operator ?? "equals"}
                  options={[
                    { value: "equals", label: "equals" },
                    { value: "notEquals", label: "does not equal" },
                  ]}
                />
                <Field
                  name={`${base}.skipValue`}
                  label="Value"
                  defaultValue={page.skipIf?.value ?? ""}
                  errors={{ [`${base}.skipValue`]: errors[`${base}.skipIf.value`] ?? "" }}
                />
              </fieldset>
            ) : null}
            {page.questions.map((q, i) => {
              const qb = `${base}.questions[${i}]`;
              const choice = q.type === "single_choice" || q.type === "multiple_choice";
              const ranged = q.type === "number" || q.type === "slider";
              return (
                <fieldset key={i} className="builder-item">
                  <legend>
                    Page {p + 1}, question {i + 1}
                  </legend>
                  <input type="hidden" name={`${qb}.id`} value={q.id} />
                  <Field name={`${qb}.label`} label="Question" defaultValue={q.label} errors={errors} />
                  <div className="builder-row">
                    <Field
                      name={`${qb}.key`}
                      label="Answer key"
                      defaultValue={q.key}
                      errors={errors}
                      hint="Letters, digits and _"
                    />
                    <Select
                      name={`${qb}.type`}
                      label="Type"
                      errors={errors}
                      defaultValue={q.type}
                      options={TYPE_OPTIONS}
                    />
                  </div>
                  <Field name={`${qb}.help`} label="Help text (optional)" defaultValue={q.help ?? ""} errors={errors} />
                  <label className="builder-check">
                    <input type="checkbox" name={`${qb}.required`} defaultChecked={q.required} /> Required
                  </label>
                  {choice ? (
                    <Area
                      name={`${qb}.options`}
                      label="Options, one a line: value | label"
                      defaultValue={optionsText(q.options)}
                      errors={errors}
                      rows={4}
                    />
                  ) : null}
                  {ranged ? (
                    <div className="builder-row">
                      <Field
                        name={`${qb}.min`}
                        label="Minimum"
                        type="number"
                        defaultValue={q.min === undefined || Number.isNaN(q.min) ? "" : String(q.min)}
                        errors={errors}
                      />
                      <Field
                        name={`${qb}.max`}
                        label="Maximum"
                        type="number"
                        defaultValue={q.max === undefined || Number.isNaN(q.max) ? "" : String(q.max)}
                        errors={errors}
                      />
                      <Field
                        name={`${qb}.step`}
                        label="Step"
                        type="number"
                        defaultValue={q.step === undefined || Number.isNaN(q.step) ? "" : String(q.step)}
                        errors={errors}
                      />
                      <Field name={`${qb}.unit`} label="Unit" defaultValue={q.unit ?? ""} errors={errors} />
                    </div>
                  ) : null}
                  {q.type === "short_text" || ranged ? (
                    <Field
                      name={`${qb}.placeholder`}
                      label="Placeholder (optional)"
                      defaultValue={q.placeholder ?? ""}
                      errors={errors}
                    />
                  ) : null}
                  <ItemButtons
                    form={form}
                    list={`${base}.questions`}
                    index={i}
                    count={page.questions.length}
                    noun={`page ${p + 1} question`}
                    removable={page.questions.length > 1}
                  />
                </fieldset>
              );
            })}
            <div className="builder-item__buttons">
              <button
                type="submit"
                {...form.insert.getButtonProps<object[]>({
                  name: `${base}.questions`,
                  defaultValue: newQuestion(shown),
                })}
                className="btn btn--secondary btn--small"
              >
                <span className="btn__label">Add a question to page {p + 1}</span>
              </button>
            </div>
            <ItemButtons
              form={form}
              list="pages"
              index={p}
              count={shown.pages.length}
              noun="page"
              removable={shown.pages.length > 1}
            />
          </fieldset>
        );
      })}
      <button
        type="submit"
        {...form.insert.getButtonProps<object[]>({ name: "pages", defaultValue: newPage(shown) })}
        className="btn btn--secondary btn--small"
      >
        <span className="btn__label">Add page</span>
      </button>
      <SaveBar status={live.status} />
    </Form>
  );
}

export function PricingEditor({
  pricing,
  errors: serverErrors,
  formError,
  values,
  formKey,
}: {
  pricing: Pricing;
  errors: Errors;
  formError?: string;
  values?: { monthlyPrice: string; annualPrice: string; annualDurationUnit: string };
  formKey: string;
}) {
  const form = useEditorForm("builder-pricing", pricingForm);
  const live = useLiveForm(
    {
      monthlyPrice: values?.monthlyPrice ?? centsToDollars(pricing.monthlyPrice),
      annualPrice: values?.annualPrice ?? centsToDollars(pricing.annualPrice),
      annualDurationUnit: values?.annualDurationUnit ?? pricing.annualDurationUnit,
    },
    // The preview shows what is typed, valid or not: the fields as posted.
    (data) => {
      const typed = parseWithZod(data, { schema: pricingForm }).payload;
      const field = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
      return {
        monthlyPrice: field("monthlyPrice"),
        annualPrice: field("annualPrice"),
        annualDurationUnit: field("annualDurationUnit") || "years",
      };
    },
  );
  const errors = live.errors ?? serverErrors;
  const monthly = dollarsToCents(live.value.monthlyPrice);
  const annual = dollarsToCents(live.value.annualPrice, { optional: true });
  return (
    <div className="builder-columns">
      <Form
        id={form.id}
        method="post"
        className="builder-editor"
        onChange={live.onChange}
        onSubmit={live.onSubmit}
        key={formKey}
        aria-label="Pricing editor"
        noValidate
      >
        <input type="hidden" name="section" value="pricing" />
        <SaveBar status={live.status} />
        <ErrorSummary errors={errors} formError={formError} />
        <Field
          name="monthlyPrice"
          label="Monthly price (US dollars)"
          inputMode="decimal"
          defaultValue={live.value.monthlyPrice}
          errors={errors}
          hint="For example 14.99"
        />
        <Field
          name="annualPrice"
          label="Annual price (US dollars, optional)"
          inputMode="decimal"
          defaultValue={live.value.annualPrice}
          errors={errors}
          hint="Leave empty for no annual plan"
        />
        <Select
          name="annualDurationUnit"
          label="Show the annual plan as"
          errors={errors}
          defaultValue={live.value.annualDurationUnit}
          options={[
            { value: "years", label: "1 year" },
            { value: "months", label: "12 months" },
          ]}
        />
      </Form>
      <section className="builder-preview" aria-label="Pricing preview" tabIndex={0}>
        <p className="builder-preview__line">
          Monthly: {monthly.ok && monthly.cents !== null ? `${formatCents(monthly.cents)} a month` : "—"}
        </p>
        <p className="builder-preview__line">
          Annual:{" "}
          {annual.ok && annual.cents !== null
            ? `${formatCents(annual.cents)} for ${live.value.annualDurationUnit === "months" ? "12 months" : "1 year"}`
            : "no annual plan"}
        </p>
      </section>
    </div>
  );
}

/**
 * What the landing form keeps without showing a field for it: the section pictures, the sections'
 * order and the screenshots (made by the tools under the editor), so a Save leaves them as they are.
 */
function KeptPictures({ page }: { page: LandingPage }) {
  return (
    <>
      {page.images ? (
        <>
          <input type="hidden" name="images.benefits" value={shownContentUrl(page.images.benefits) ?? ""} />
          <input type="hidden" name="images.howItWorks" value={shownContentUrl(page.images.howItWorks) ?? ""} />
        </>
      ) : null}
      {page.sectionOrder?.map((section, i) => (
        <input key={section} type="hidden" name={`sectionOrder[${i}]`} value={section} />
      ))}
      {page.screenshots?.map((shot, i) => (
        <span key={shot.screen} hidden>
          <input type="hidden" name={`screenshots[${i}].screen`} value={shot.screen} />
          <input type="hidden" name={`screenshots[${i}].url`} value={shot.url} />
          <input type="hidden" name={`screenshots[${i}].alt`} value={shot.alt} />
        </span>
      ))}
    </>
  );
}
