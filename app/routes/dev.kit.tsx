/**
 * /dev/kit: every interface-kit component in every state, for building and reviewing the kit.
 * Development only: the loader answers 404 unless ENVIRONMENT is development or test. The modal demo is driven by the URL
 * (?modal=demo|blocked|gallery&image=N) so it also works with JavaScript turned off.
 */
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/ui/Button";
import { Icon, iconNames } from "~/ui/icons";
import kitPageUrl from "~/ui/kit-page.css";
import { Logo, type LogoSize } from "~/ui/Logo";
import { Modal } from "~/ui/Modal";
import { NotificationBell } from "~/ui/NotificationBell";
import { PasswordInput } from "~/ui/PasswordInput";
import { ProgressBar } from "~/ui/ProgressBar";
import { RadioGroup } from "~/ui/Radio";
import { Tag } from "~/ui/Tag";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import { ToastCard } from "~/ui/Toast";
import { notFoundOutsideDevelopment } from "~/platform/http.server";
import { toastSchema } from "~/platform/toast.server";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";

const GALLERY_SIZE = 3;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: kitPageUrl }];

export const meta: MetaFunction = () => [
  { title: "Interface kit (development)" },
  { name: "robots", content: "noindex" },
];

/** Sets a toast in the flash cookie and redirects: the toast must survive the redirect (works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  notFoundOutsideDevelopment(context.app.env);
  const toast = await parseSubmission(request, toastSchema);
  if (toast.status !== "success") return Response.json({ error: "Choose a kind and a title." }, { status: 400 });
  return redirectWithToast(request, "/dev/kit#toasts", toast.value);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  notFoundOutsideDevelopment(context.app.env);
  const url = new URL(request.url);
  const modal = url.searchParams.get("modal");
  const image = Number.parseInt(url.searchParams.get("image") ?? "1", 10);
  return {
    modal: modal === "demo" || modal === "blocked" || modal === "gallery" ? modal : null,
    image: Number.isInteger(image) && image >= 1 && image <= GALLERY_SIZE ? image : 1,
    // Echoed back by the demo GET form so the server-side error rule can be seen without JavaScript.
    demoName: url.searchParams.get("demoName"),
  };
}

const VARIANTS: ButtonVariant[] = ["primary", "secondary", "destructive", "transparent"];
const SIZES: ButtonSize[] = ["large", "medium", "small"];
const LOGO_SIZES: LogoSize[] = ["large", "medium", "small"];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="kit__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export default function DevKit() {
  const { modal, image, demoName } = useLoaderData<typeof loader>();
  const closeHref = "/dev/kit";
  const galleryHref = (n: number) => `/dev/kit?modal=gallery&image=${n}`;

  return (
    <div className="container kit">
      <h1>Interface kit</h1>
      <p className="kit__intro">
        Every component of <code>app/ui</code> in each of its states. This page exists only outside production.
      </p>

      <Section id="buttons" title="Buttons">
        {VARIANTS.map((variant) => (
          <div key={variant}>
            <h3>{variant[0].toUpperCase() + variant.slice(1)}</h3>
            <div className="kit__row">
              {SIZES.map((size) => (
                <Button key={size} variant={variant} size={size}>
                  {`${variant} ${size}`}
                </Button>
              ))}
              <Button variant={variant} loading>
                Saving
              </Button>
              <Button variant={variant} disabled>
                Disabled
              </Button>
              <Button variant={variant} size="medium" iconOnly aria-label="Search">
                <Icon name="search" />
              </Button>
            </div>
          </div>
        ))}
        <h3>Button links</h3>
        <div className="kit__row">
          <ButtonLink to="/dev/kit" preventScrollReset>
            Primary link
          </ButtonLink>
          <ButtonLink to="/dev/kit" variant="secondary" preventScrollReset>
            Secondary link <Icon name="arrow-right" size={20} />
          </ButtonLink>
          <ButtonLink to="/dev/kit" variant="transparent" size="small" preventScrollReset>
            Transparent small link
          </ButtonLink>
        </div>
      </Section>

      <Section id="text-inputs" title="Text inputs">
        {/* A harmless GET form: submitting only puts the values in this page's URL. */}
        <Form method="get" action="/dev/kit" preventScrollReset>
          <div className="kit__grid">
            <TextInput label="Empty" name="empty" placeholder="Type something" />
            <TextInput label="With a value" name="filled" defaultValue="Jazz piano for beginners" maxLength={80} />
            <TextInput
              label="Empty with an error"
              name="demoName"
              defaultValue={demoName ?? ""}
              error="Enter a name. Type here and the error goes away."
              hint="Submit the form empty to see the server render the error."
            />
            <TextInput
              label="Error with a web address"
              name="website"
              error="This address is not allowed; see https://studio.example/help/addresses."
            />
            <TextInput label="Outline only (errorOutline)" name="outline" errorOutline />
            <TextInput
              label="Always shows its error"
              name="always"
              defaultValue="not-an-email"
              type="email"
              alwaysShowError
              error="Enter an email address like name@example.com (see www.example.com)."
            />
            <TextInput label="Muted text" name="muted" textType="muted" defaultValue="Read-only feeling value" />
            <TextInput
              label="Email (type email)"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="name@example.com"
            />
            <PasswordInput label="Password" name="password" />
            <PasswordInput label="Password with an error" name="password2" error="Enter your password." />
          </div>
          <h3>Textarea</h3>
          <div className="kit__grid">
            <Textarea label="About you" name="about" limit={200} defaultValue="I teach guitar." />
            <Textarea label="Message (with an error)" name="message" error="Write a message." />
          </div>
          <div className="kit__row">
            <Button type="submit" variant="secondary">
              Submit (GET, harmless)
            </Button>
          </div>
        </Form>
      </Section>

      <Section id="progress" title="Progress bars">
        <div className="kit__stack">
          {[0, 35, 100].map((value) => (
            <div key={value} className="kit__grid">
              <ProgressBar value={value} label={`Progress ${value}% without text`} />
              <ProgressBar value={value} label={`Progress ${value}% with text`} showText />
            </div>
          ))}
        </div>
      </Section>

      <Section id="radio" title="Radio">
        <Form method="get" action="/dev/kit" preventScrollReset className="kit__grid">
          <RadioGroup
            legend="Level"
            name="level"
            defaultValue="beginner"
            options={[
              { value: "beginner", label: "Beginner", description: "No experience needed." },
              { value: "intermediate", label: "Intermediate", description: "You can play a few songs." },
              { value: "advanced", label: "Advanced" },
              { value: "master", label: "Masterclass", description: "Not available yet.", disabled: true },
            ]}
          />
        </Form>
      </Section>

      <Section id="tags" title="Tags">
        <div className="kit__row">
          <Tag>Default</Tag>
          <Tag selected>Selected</Tag>
          <Tag to="/dev/kit?tag=guitar">Guitar (link)</Tag>
          <Tag to="/dev/kit?tag=piano" selected>
            Piano (selected link)
          </Tag>
        </div>
      </Section>

      <Section id="bells" title="Notification bell">
        <div className="kit__row">
          <NotificationBell state="none" />
          <span className="kit__caption">none</span>
          <NotificationBell state="notification" />
          <span className="kit__caption">notification</span>
          <NotificationBell state="universal" />
          <span className="kit__caption">universal</span>
          <NotificationBell state="notification" to="/dev/kit" />
          <span className="kit__caption">as a link</span>
        </div>
      </Section>

      <Section id="logos" title="Logo">
        <div className="kit__grid">
          <div className="kit__panel kit__panel--light kit__stack">
            {LOGO_SIZES.map((size) => (
              <div key={size} className="kit__row">
                <Logo size={size} variant="light" />
                <span className="kit__caption">light, {size}</span>
              </div>
            ))}
          </div>
          <div className="kit__panel kit__panel--dark kit__stack">
            {LOGO_SIZES.map((size) => (
              <div key={size} className="kit__row">
                <Logo size={size} variant="dark" />
                <span className="kit__caption">dark, {size}</span>
              </div>
            ))}
          </div>
        </div>
        <div className="kit__row">
          <Logo size="large" name="Conservatoire" />
          <span className="kit__caption">auto colour, long name</span>
        </div>
      </Section>

      <Section id="icons" title="Icons">
        <ul className="kit__icons">
          {iconNames.map((name) => (
            <li key={name}>
              <Icon name={name} />
              <span>{name}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="toasts" title="Toasts">
        <div className="kit__stack">
          <ToastCard inline toast={{ kind: "info", title: "Your class starts in 10 minutes" }} />
          <ToastCard
            inline
            toast={{ kind: "success", title: "Saved", description: "Your profile changes are live." }}
          />
          <ToastCard
            inline
            toast={{ kind: "error", title: "Payment failed", description: "Your card was declined. Try another card." }}
          />
          <Form method="post" action="/dev/kit">
            <input type="hidden" name="kind" value="success" />
            <input type="hidden" name="title" value="Saved after a redirect" />
            <input
              type="hidden"
              name="description"
              value="This toast travelled in a flash cookie through a 303 redirect."
            />
            <Button type="submit" variant="secondary">
              Show a toast after a redirect
            </Button>
          </Form>
        </div>
      </Section>

      <Section id="modals" title="Modal">
        <div className="kit__row">
          <Link to="?modal=demo" preventScrollReset>
            Open modal
          </Link>
          <Link to="?modal=blocked" preventScrollReset>
            Open blocked modal
          </Link>
          <Link to="?modal=gallery&image=1" preventScrollReset>
            Open gallery modal
          </Link>
        </div>
      </Section>

      <Modal
        open={modal === "demo"}
        closeHref={closeHref}
        title="A demo pop-up"
        slideUp
        lockScroll
        backHref="/dev/kit?modal=gallery&image=1"
      >
        <p>Escape, a click outside or the close button take you back. The back button opens the gallery.</p>
        <Form method="get" action="/dev/kit" preventScrollReset className="kit__stack">
          <TextInput label="Your name" name="demoName" autoFocus />
          <Button type="submit">Done</Button>
        </Form>
      </Modal>

      <Modal open={modal === "blocked"} closeHref={closeHref} title="Accept to continue" blockedUntilSubmit lockScroll>
        <p>This pop-up has no close button; Escape and outside clicks do nothing. Submit to leave.</p>
        <Form method="get" action="/dev/kit" preventScrollReset>
          <Button type="submit">I understand</Button>
        </Form>
      </Modal>

      <Modal
        open={modal === "gallery"}
        closeHref={closeHref}
        label={`Gallery, image ${image} of ${GALLERY_SIZE}`}
        previousHref={galleryHref(image === 1 ? GALLERY_SIZE : image - 1)}
        nextHref={galleryHref(image === GALLERY_SIZE ? 1 : image + 1)}
        lockScroll
      >
        <div className={`kit__slide kit__slide--${image}`} role="img" aria-label={`Sample image ${image}`}>
          {image} / {GALLERY_SIZE}
        </div>
      </Modal>
    </div>
  );
}
