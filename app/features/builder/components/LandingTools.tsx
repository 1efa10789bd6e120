import { Form, Link } from "~/ui/router";
import { shownContentUrl, type LandingPage, type Theme } from "~/db/app-content";
import { pictureLabel, pictureOrigin } from "~/features/apps/pictures";
import { UNDERSTOOD, type LandingEditProposal } from "../landing/edits";
import { builderPath, type LandingTool } from "../rules";
import { Area, Field, Select } from "./fields";
import { LandingPreview } from "./Preview";

const SLOT_OPTIONS = [
  { value: "hero", label: "Hero" },
  { value: "benefits", label: "Benefits" },
  { value: "howItWorks", label: "How it works" },
];
const SECTION_OPTIONS = [
  { value: "", label: "As the instruction says" },
  { value: "hero", label: "Hero" },
  { value: "benefits", label: "Benefits" },
  { value: "howItWorks", label: "How it works" },
  { value: "testimonials", label: "Testimonials" },
  { value: "pricing", label: "Pricing" },
  { value: "faq", label: "FAQ" },
  { value: "callToAction", label: "Call to action" },
];

function ToolError({ message, id }: { message?: string; id: string }) {
  if (!message) return null;
  return (
    <p id={id} className="builder-note builder-note--warn" role="alert">
      {message}
    </p>
  );
}

/**
 * The landing page's AI tools, above the editor (issue 20): a new picture for a section, screenshots
 * of the app, and an edit by instruction whose proposal shows beside the current page with Accept
 * and Discard. Every tool is a plain form: it works without JavaScript. Each current picture says who
 * made it, and without a model the picture tool says it designs a cover rather than drawing one.
 */
export function LandingTools({
  appId,
  page,
  theme,
  proposal,
  failed,
  modelConnected = true,
  photos = [],
}: {
  appId: string;
  page: LandingPage;
  theme: Theme;
  proposal: LandingEditProposal | null;
  failed: { tool: LandingTool; message?: string; values?: Record<string, unknown> } | null;
  modelConnected?: boolean;
  /** The creator's own photos of the media library, newest first: any can be a landing picture. */
  photos?: { mediaId: string; url: string; title: string }[];
}) {
  const error = (tool: LandingTool) => (failed?.tool === tool ? failed.message : undefined);
  const typed = (name: string) => (typeof failed?.values?.[name] === "string" ? String(failed.values[name]) : "");
  const pictures = [
    { label: "Hero", url: shownContentUrl(page.hero.imageUrl) },
    { label: "Benefits", url: shownContentUrl(page.images?.benefits) },
    { label: "How it works", url: shownContentUrl(page.images?.howItWorks) },
  ];
  return (
    <section className="builder-tools" aria-labelledby="landing-tools">
      <h2 id="landing-tools">{modelConnected ? "AI pictures and edits" : "Pictures and edits"}</h2>
      <div className="builder-tools__grid">
        <Form method="post" className="builder-tool" aria-labelledby="tool-image">
          <h3 id="tool-image">New picture</h3>
          <input type="hidden" name="section" value="landing" />
          <ul className="builder-tool__pictures" aria-label="Current pictures">
            {pictures.map((p) => (
              <li key={p.label}>
                {p.url ? (
                  <img src={p.url} alt={`Current ${p.label.toLowerCase()}`} width={96} />
                ) : (
                  <span className="builder-tool__no-picture">None yet</span>
                )}
                <span>{p.label}</span>
                {p.url ? (
                  <span className="builder-tool__origin">
                    {pictureLabel(pictureOrigin(p.url) ?? "yours", modelConnected)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {modelConnected ? null : (
            <p className="builder-muted">
              No AI model is connected, so a new picture is a designed cover: your app’s name and words set in type in
              your theme’s colours, arranged anew each time. What you ask for below is for a model to draw; a cover does
              not show it.
            </p>
          )}
          <Select
            name="imageType"
            label="Which picture"
            errors={{}}
            options={SLOT_OPTIONS}
            defaultValue={typed("imageType") || "hero"}
          />
          <Area
            name="specificInstructions"
            label="What to show (optional)"
            errors={{}}
            rows={2}
            maxLength={500}
            defaultValue={typed("specificInstructions")}
          />
          <ToolError id="tool-image-error" message={error("image")} />
          <button type="submit" name="intent" value="regenerate-image" className="btn btn--primary btn--small">
            <span className="btn__label">Make a new picture</span>
          </button>
        </Form>

        <Form method="post" className="builder-tool" aria-labelledby="tool-photo">
          <h3 id="tool-photo">Your photos</h3>
          <input type="hidden" name="section" value="landing" />
          {photos.length ? (
            <>
              <fieldset className="builder-tool__choices">
                <legend>Photo from your media library</legend>
                <ul className="builder-tool__photos">
                  {photos.map((photo, i) => (
                    <li key={photo.mediaId}>
                      <label>
                        <input
                          type="radio"
                          name="mediaId"
                          value={photo.mediaId}
                          defaultChecked={typed("mediaId") ? typed("mediaId") === photo.mediaId : i === 0}
                        />
                        <img src={photo.url} alt="" width={96} loading="lazy" />
                        <span>{photo.title}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <Select
                name="photoSlot"
                label="Use it for"
                errors={{}}
                options={SLOT_OPTIONS}
                defaultValue={typed("photoSlot") || "hero"}
              />
              <ToolError id="tool-photo-error" message={error("photo")} />
              <button type="submit" name="intent" value="use-photo" className="btn btn--primary btn--small">
                <span className="btn__label">Use this photo</span>
              </button>
            </>
          ) : (
            <p className="builder-muted">
              A photo of yours can be a landing page picture too: add it to your{" "}
              <Link to={builderPath(appId, { mode: "media" })}>media library</Link>, then choose it here.
            </p>
          )}
        </Form>

        <Form method="post" className="builder-tool" aria-labelledby="tool-screenshots">
          <h3 id="tool-screenshots">Screenshots</h3>
          <input type="hidden" name="section" value="landing" />
          <p className="builder-muted">
            Your landing page, first onboarding question and a plan, in a phone, made from your app’s own words and
            colours. They show on your landing page.
          </p>
          {page.screenshots?.length ? (
            <ul className="builder-tool__shots" aria-label="Current screenshots">
              {page.screenshots.map((shot) =>
                shownContentUrl(shot.url) ? (
                  <li key={shot.screen}>
                    <img src={shownContentUrl(shot.url)!} alt={shot.alt} width={72} />
                  </li>
                ) : null,
              )}
            </ul>
          ) : null}
          <Field
            name="additionalPrompt"
            label="Backdrop idea (optional)"
            errors={{}}
            maxLength={500}
            defaultValue={typed("additionalPrompt")}
          />
          <ToolError id="tool-screenshots-error" message={error("screenshots")} />
          <button type="submit" name="intent" value="screenshots" className="btn btn--primary btn--small">
            <span className="btn__label">{page.screenshots?.length ? "Make new screenshots" : "Make screenshots"}</span>
          </button>
        </Form>

        <Form method="post" className="builder-tool" aria-labelledby="tool-edit">
          <h3 id="tool-edit">Edit by instruction</h3>
          <input type="hidden" name="section" value="landing" />
          <Field
            name="instruction"
            label="Instruction"
            errors={{}}
            maxLength={500}
            hint="For example: “shorten the benefits”, “make it calm”, “add an FAQ about your first week”."
            defaultValue={typed("instruction")}
          />
          <Select
            name="editSection"
            label="Section"
            errors={{}}
            options={SECTION_OPTIONS}
            defaultValue={typed("editSection")}
          />
          <details className="builder-tool__help">
            <summary>What can I ask?</summary>
            <p>{UNDERSTOOD} With an AI model configured, any instruction works.</p>
          </details>
          <ToolError id="tool-edit-error" message={error("edit")} />
          <button type="submit" name="intent" value="propose-edit" className="btn btn--primary btn--small">
            <span className="btn__label">Propose the edit</span>
          </button>
        </Form>
      </div>

      {proposal ? (
        <section className="builder-proposal" aria-labelledby="proposal-title">
          <h3 id="proposal-title" tabIndex={-1}>
            Proposed: {proposal.summary}
          </h3>
          <p className="builder-muted">Nothing is saved until you accept it.</p>
          <div className="builder-proposal__sides">
            <LandingPreview page={proposal.current} theme={theme} label="Current page" />
            <LandingPreview page={proposal.proposal} theme={theme} label="Proposed page" />
          </div>
          <div className="builder-proposal__actions">
            <Form method="post">
              <input type="hidden" name="section" value="landing" />
              <input type="hidden" name="proposal" value={JSON.stringify(proposal.proposal)} />
              <button type="submit" name="intent" value="accept-edit" className="btn btn--primary">
                <span className="btn__label">Accept</span>
              </button>
            </Form>
            <Link to={builderPath(appId, { section: "landing" })} className="btn btn--secondary">
              <span className="btn__label">Discard</span>
            </Link>
          </div>
        </section>
      ) : null}
    </section>
  );
}
