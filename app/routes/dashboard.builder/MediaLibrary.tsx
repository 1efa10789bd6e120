/**
 * The media library (?mode=media): add files and links, filter by type and topic, open a podcast's
 * episodes or a channel's videos, organise topics, hide, delete and use items in the blueprint.
 * Every control is a form, so it all works without JavaScript; with it, files can also be dropped
 * on the page and upload with a progress bar (./media-upload.tsx).
 */
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { mediaPictureOrigin, pictureLabel } from "~/features/apps/pictures";
import {
  durationText,
  libraryPath,
  MEDIA_TYPE_LABELS,
  isDescribable,
  describeJobOf,
  isDescribing,
  type DescribeJobs,
  mediaDescription,
  mediaPicture,
  mediaTitle,
} from "~/features/media/library";
import { isParentType, MEDIA_TYPES, type MediaType } from "~/features/media/rules";
import type { MediaView } from "~/features/media/media.server";
import type { TopicView } from "~/features/media/topics.server";
import { Button, buttonClass } from "~/ui/Button";
import { ModeHeader } from "./ModeHeader";
import { ProgressBar } from "~/ui/ProgressBar";
import { TextInput } from "~/ui/TextInput";
import { TopicChoice, UploadForm } from "./media-upload";
import type { MediaLibraryAnswer, MediaLibraryData } from "./media-library.server";

type Data = MediaLibraryData;

/**
 * While an item is being described, the page's data is read again every 2 s. Without JavaScript the
 * card offers a link to look again instead of refreshing the page by itself: a page that reloads
 * every 2 s would wipe a link or a topic name half typed in its forms.
 */
const DESCRIBING_REFRESH_SECONDS = 2;

function useRefreshWhileDescribing(media: MediaView[], jobs: DescribeJobs): boolean {
  const { revalidate, state } = useRevalidator();
  // A revalidation started during a form post or a link's load would abort that load (the router
  // cancels it, and says so in the console): wait until the page is idle.
  const navigation = useNavigation().state;
  const idle = useRef(navigation === "idle");
  idle.current = navigation === "idle";
  const waiting = media.some((item) => isDescribing(item, jobs));
  useEffect(() => {
    if (!waiting || state !== "idle" || navigation !== "idle") return;
    const timer = setTimeout(() => {
      if (idle.current) revalidate();
    }, DESCRIBING_REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [waiting, state, navigation, revalidate]);
  return waiting;
}

export function MediaLibrary({ data, answer }: { data: Data; answer?: MediaLibraryAnswer }) {
  const { app, view, topics, parent } = data;
  useRefreshWhileDescribing(data.media, data.describing);
  const here = libraryPath(app.id, view);
  const topicName = new Map(topics.map((t) => [t.topicId, t.name]));
  const currentTopic = view.topicId ? topicName.get(view.topicId) : null;
  return (
    <div className="container builder media-library">
      <ModeHeader
        appId={app.id}
        crumb={
          parent ? <Link to={libraryPath(app.id, { ...view, parentId: null })}>Media library</Link> : "Media library"
        }
        title={
          parent
            ? `${mediaTitle(parent)}: ${parent.type === "podcast" ? "episodes" : "videos"}`
            : `${app.name}: media library`
        }
        error={answer?.error}
      />

      <div className="media-library__columns">
        <div className="media-library__main">
          <section aria-labelledby="add-heading" className="builder-group media-add">
            <h2 id="add-heading">{parent ? `Add to ${mediaTitle(parent)}` : "Add media"}</h2>
            <div className="media-add__forms">
              <UploadForm
                key={`upload-${view.topicId ?? ""}-${parent?.mediaId ?? ""}`}
                appId={app.id}
                action={here}
                topics={topics}
                parentMediaId={parent?.mediaId ?? null}
                topicId={view.topicId}
              />
              <LinkForm
                key={`link-${view.topicId ?? ""}-${parent?.mediaId ?? ""}`}
                action={here}
                topics={topics}
                parent={parent}
                topicId={view.topicId}
              />
            </div>
          </section>

          <section aria-labelledby="items-heading">
            <div className="media-items__head">
              <h2 id="items-heading">
                {currentTopic ? `Topic: ${currentTopic}` : parent ? "Episodes and videos" : "Your media"}
              </h2>
              {/* Keyed by the view: a client-side move to another topic or type shows its own choices. */}
              <Filters key={here} data={data} />
            </div>
            {data.media.length === 0 ? (
              <p className="media-empty">
                {data.firstPage
                  ? view.type || view.topicId
                    ? "Nothing here matches these filters."
                    : parent
                      ? "Nothing in here yet. Add an episode or a video above."
                      : "No media yet. Upload a file or add a link above."
                  : "No more media."}
              </p>
            ) : (
              <ul className={view.list ? "media-items media-items--list" : "media-items"} aria-label="Media">
                {data.media.map((item) => (
                  <MediaCard
                    key={item.mediaId}
                    item={item}
                    jobs={data.describing}
                    action={here}
                    topics={topics}
                    topicName={topicName}
                    open={answer?.mediaId === item.mediaId}
                    modelConnected={data.modelConnected}
                    openHref={
                      isParentType(item.type)
                        ? libraryPath(app.id, { ...view, parentId: item.mediaId, topicId: null })
                        : null
                    }
                  />
                ))}
              </ul>
            )}
            {data.nextCursor ? (
              <p>
                <Link
                  className={buttonClass({ variant: "secondary", size: "small" })}
                  to={`${here}&cursor=${encodeURIComponent(data.nextCursor)}`}
                >
                  <span className="btn__label">More media</span>
                </Link>
              </p>
            ) : null}
          </section>
        </div>
        <TopicsPanel appId={app.id} data={data} action={here} />
      </div>
    </div>
  );
}

function LinkForm({
  action,
  topics,
  parent,
  topicId,
}: {
  action: string;
  topics: TopicView[];
  parent: MediaView | null;
  topicId: string | null;
}) {
  return (
    <Form method="post" action={action} className="media-add__form" aria-labelledby="link-heading">
      <h3 id="link-heading">Add a link</h3>
      <input type="hidden" name="section" value="media" />
      <input type="hidden" name="intent" value="add-link" />
      {parent ? <input type="hidden" name="parentMediaId" value={parent.mediaId} /> : null}
      <TextInput label="Web address" name="url" type="url" required placeholder="https://" />
      {parent ? null : (
        <div className="field">
          <label className="field__label" htmlFor="media-link-type">
            It is
          </label>
          <select id="media-link-type" name="linkType" className="input builder-select" defaultValue="">
            <option value="">Found from the address</option>
            <option value="link">A web page</option>
            <option value="youtube">An online video (YouTube)</option>
            <option value="video">A video file on the web</option>
            <option value="audio">An audio file on the web</option>
            <option value="pdf">A PDF on the web</option>
            <option value="podcast">A podcast (holds episodes)</option>
            <option value="channel">A channel (holds videos)</option>
          </select>
        </div>
      )}
      <TopicChoice topics={topics} topicId={topicId} id="media-link-topic" />
      <Button type="submit" variant="secondary" size="small">
        Add link
      </Button>
    </Form>
  );
}

function Filters({ data }: { data: Data }) {
  const { view, topics } = data;
  return (
    <Form method="get" className="media-filters" aria-label="Filter the media">
      <input type="hidden" name="appId" value={data.app.id} />
      <input type="hidden" name="mode" value="media" />
      {view.parentId ? <input type="hidden" name="parent" value={view.parentId} /> : null}
      <div className="field">
        <label className="field__label" htmlFor="media-filter-type">
          Type
        </label>
        <select id="media-filter-type" name="type" className="input builder-select" defaultValue={view.type ?? ""}>
          <option value="">All types</option>
          {MEDIA_TYPES.map((t: MediaType) => (
            <option key={t} value={t}>
              {MEDIA_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {topics.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor="media-filter-topic">
            Topic
          </label>
          <select
            id="media-filter-topic"
            name="topic"
            className="input builder-select"
            defaultValue={view.topicId ?? ""}
          >
            <option value="">All topics</option>
            {topics.map((t) => (
              <option key={t.topicId} value={t.topicId}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="media-filter-view">
          Show as
        </label>
        <select
          id="media-filter-view"
          name="view"
          className="input builder-select"
          defaultValue={view.list ? "list" : ""}
        >
          <option value="">A grid</option>
          <option value="list">A list</option>
        </select>
      </div>
      <label className="media-filters__check">
        <input type="checkbox" name="hidden" value="1" defaultChecked={view.showHidden} /> Hidden items too
      </label>
      <Button type="submit" variant="secondary" size="small">
        Show
      </Button>
    </Form>
  );
}

function MediaCard({
  item,
  jobs,
  action,
  topics,
  topicName,
  open,
  openHref,
  modelConnected,
}: {
  item: MediaView;
  jobs: DescribeJobs;
  action: string;
  topics: TopicView[];
  topicName: Map<string, string>;
  open: boolean;
  openHref: string | null;
  modelConnected: boolean;
}) {
  const title = mediaTitle(item);
  const made = item.type === "image" ? mediaPictureOrigin(item.metadata) : null;
  const describing = isDescribing(item, jobs);
  const job = describeJobOf(item, jobs);
  const picture = mediaPicture(item);
  const description = mediaDescription(item);
  const duration = durationText(item.metadata?.durationSeconds);
  const notIn = topics.filter((t) => !item.topicIds.includes(t.topicId));
  const post = (
    intent: string,
    label: string,
    extra: Record<string, string> = {},
    variant: "secondary" | "destructive" = "secondary",
  ) => (
    <Form method="post" action={action} className="media-card__action">
      <input type="hidden" name="section" value="media" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="mediaId" value={item.mediaId} />
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Button type="submit" variant={variant} size="small" aria-label={`${label}: ${title}`}>
        {label}
      </Button>
    </Form>
  );
  return (
    <li className={item.isHiddenInLibrary ? "media-card media-card--hidden" : "media-card"}>
      <article aria-labelledby={`media-title-${item.mediaId}`}>
        <div className={`media-card__picture media-card__picture--${item.type}`}>
          {picture ? (
            <img src={picture} alt="" loading="lazy" />
          ) : (
            <span aria-hidden="true">{MEDIA_TYPE_LABELS[item.type]}</span>
          )}
        </div>
        <div className="media-card__body">
          <p className="media-card__badges">
            <span className="builder-badge">{MEDIA_TYPE_LABELS[item.type]}</span>
            {duration ? <span className="builder-badge">{duration}</span> : null}
            {made ? <span className="builder-badge">{pictureLabel(made, modelConnected)}</span> : null}
            {item.isInBlueprint ? <span className="builder-badge builder-badge--ok">In the blueprint</span> : null}
            {item.isHiddenInLibrary ? <span className="builder-badge builder-badge--warn">Hidden</span> : null}
          </p>
          <h3 id={`media-title-${item.mediaId}`}>
            {openHref ? <Link to={openHref}>{title}</Link> : <a href={item.url}>{title}</a>}
          </h3>
          {description ? (
            <p className="media-card__description">{description}</p>
          ) : describing ? (
            <div className="media-card__describing" role="status">
              <ProgressBar value={job?.progress ?? 0} label={`Describing ${title}`} showText />
              <p className="media-card__description media-card__description--none">
                Being described…{" "}
                <noscript>
                  <a href={action}>See how far it is</a>
                </noscript>
              </p>
            </div>
          ) : (
            <p className="media-card__description media-card__description--none">
              {typeof item.metadata?.describeError === "string"
                ? `Not described: ${item.metadata.describeError}`
                : "Not described yet."}
            </p>
          )}
          {item.topicIds.length > 0 ? (
            <ul className="media-card__topics" aria-label={`Topics of ${title}`}>
              {item.topicIds.map((id) => (
                <li key={id}>{topicName.get(id) ?? "Topic"}</li>
              ))}
            </ul>
          ) : null}
          <details className="media-card__manage" open={open || undefined}>
            <summary>Manage</summary>
            <div className="media-card__actions">
              {openHref ? (
                <Link to={openHref} className={buttonClass({ variant: "secondary", size: "small" })}>
                  <span className="btn__label">
                    {item.type === "podcast" ? "Open its episodes" : "Open its videos"}
                  </span>
                </Link>
              ) : null}
              {post("use-in-blueprint", "Use in blueprint")}
              {isDescribable(item) && !describing
                ? post("describe", description ? "Describe again" : "Describe")
                : null}
              {notIn.length > 0 ? (
                <Form method="post" action={action} className="media-card__topic-form">
                  <input type="hidden" name="section" value="media" />
                  <input type="hidden" name="intent" value="add-topic" />
                  <input type="hidden" name="mediaId" value={item.mediaId} />
                  <label className="visually-hidden" htmlFor={`topic-for-${item.mediaId}`}>
                    Topic for {title}
                  </label>
                  <select id={`topic-for-${item.mediaId}`} name="topicId" className="input builder-select">
                    {notIn.map((t) => (
                      <option key={t.topicId} value={t.topicId}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" variant="secondary" size="small" aria-label={`Add ${title} to the topic`}>
                    Add to topic
                  </Button>
                </Form>
              ) : null}
              {item.topicIds.map((id) =>
                post("remove-topic", `Take out of ${topicName.get(id) ?? "the topic"}`, { topicId: id }),
              )}
              {post(item.isHiddenInLibrary ? "show" : "hide", item.isHiddenInLibrary ? "Show" : "Hide")}
              {post("delete", "Delete", {}, "destructive")}
            </div>
          </details>
        </div>
      </article>
    </li>
  );
}

function TopicsPanel({ appId, data, action }: { appId: string; data: Data; action: string }) {
  const { topics, view } = data;
  const hidden = (intent: string, topicId?: string) => (
    <>
      <input type="hidden" name="section" value="media" />
      <input type="hidden" name="intent" value={intent} />
      {topicId ? <input type="hidden" name="topicId" value={topicId} /> : null}
    </>
  );
  return (
    <aside className="media-library__aside" aria-labelledby="topics-heading">
      <h2 id="topics-heading">Topics</h2>
      {topics.length === 0 ? <p className="media-empty">No topics yet. Name one to group your media.</p> : null}
      <ol className="media-topics">
        {topics.map((t, i) => (
          <li key={t.topicId} className="media-topic">
            <Link
              to={libraryPath(appId, { ...view, topicId: t.topicId, parentId: null })}
              aria-current={view.topicId === t.topicId ? "page" : undefined}
              className="media-topic__name"
            >
              {t.name} <span className="media-topic__count">({t.mediaCount})</span>
            </Link>
            <div className="media-topic__actions">
              <Form method="post" action={action}>
                {hidden("move-topic", t.topicId)}
                <input type="hidden" name="direction" value="up" />
                <Button
                  type="submit"
                  variant="transparent"
                  size="small"
                  disabled={i === 0}
                  aria-label={`Move the topic ${t.name} up`}
                >
                  Up
                </Button>
              </Form>
              <Form method="post" action={action}>
                {hidden("move-topic", t.topicId)}
                <input type="hidden" name="direction" value="down" />
                <Button
                  type="submit"
                  variant="transparent"
                  size="small"
                  disabled={i === topics.length - 1}
                  aria-label={`Move the topic ${t.name} down`}
                >
                  Down
                </Button>
              </Form>
              <Form method="post" action={action}>
                {hidden("delete-topic", t.topicId)}
                <Button type="submit" variant="transparent" size="small" aria-label={`Delete the topic ${t.name}`}>
                  Delete
                </Button>
              </Form>
            </div>
            <details className="media-topic__rename">
              <summary>Rename {t.name}</summary>
              <Form method="post" action={action}>
                {hidden("rename-topic", t.topicId)}
                <TextInput label={`New name for ${t.name}`} name="name" defaultValue={t.name} required maxLength={60} />
                <Button type="submit" variant="secondary" size="small">
                  Rename
                </Button>
              </Form>
            </details>
          </li>
        ))}
      </ol>
      {view.topicId ? (
        <p>
          <Link to={libraryPath(appId, { ...view, topicId: null })}>Show all media</Link>
        </p>
      ) : null}
      <Form method="post" action={action} className="media-topics__new">
        {hidden("create-topic")}
        <TextInput label="New topic" name="name" required maxLength={60} />
        <Button type="submit" variant="secondary" size="small">
          Create topic
        </Button>
      </Form>
    </aside>
  );
}
