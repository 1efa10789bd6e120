/**
 * /dashboard/builder?appId=<id>&mode=media: the app's media library page and its one action.
 * Every change is a form post (uploads are multipart), so the library works without JavaScript; it
 * answers a 303 back to the same view (filters, topic, parent kept) with a toast, or re-renders with
 * the message and changes nothing. The page's query: `type`, `topic`, `hidden=1`, `view=list`,
 * `parent=<podcast or channel id>` (its episodes and videos), `cursor` (the next page).
 */
import { data } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import type { Blueprint } from "~/db/app-content";
import { blueprintOf, saveBlueprint } from "~/features/builder/blueprint.server";
import { freeItemId } from "~/features/builder/blueprint-form";
import { builderPath } from "~/features/builder/rules";
import { openMediaApp } from "~/features/media/access.server";
import {
  deleteAppMedia,
  getAppMediaById,
  listAppMedia,
  saveAppMedia,
  syncMediaFlagsFromBlueprint,
  updateAppMediaById,
  uploadAppMedia,
  type MediaView,
} from "~/features/media/media.server";
import { LINKABLE_TYPES, isParentType, linkTypeOf, webUrl, type MediaType } from "~/features/media/rules";
import { libraryItemMarkdown, libraryPath, mediaTitle, viewOf, type LibraryView } from "~/features/media/library";
import {
  addTopicsToMedia,
  createTopic,
  deleteTopic,
  removeTopicsFromMedia,
  renameTopic,
  reorderTopics,
  topicsOfApp,
} from "~/features/media/topics.server";
import { describeInLibrary } from "~/features/media/describe/in-library.server";
import { descriptionProgress } from "~/features/media/describe/describe-job.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import { modelConnected } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { slugify } from "~/platform/format";

export type MediaLibraryData = Awaited<ReturnType<typeof loadMediaLibrary>>;
export type MediaLibraryAnswer = { error: string; intent: string; mediaId: string | null };

/** A service's refusal as the page's status: a missing app or item is a 404, someone else's a 403. */
function asResponse(error: unknown): never {
  if (error instanceof ServiceError && (error.failure === "not-found" || error.failure === "forbidden"))
    throw new Response(error.message, { status: error.failure === "not-found" ? 404 : 403 });
  throw error;
}

export async function loadMediaLibrary(app: AppContext, request: Request, user: UserRow, appId: string) {
  const url = new URL(request.url);
  const view = viewOf(url);
  const row = await openMediaApp(app, user, appId).catch(asResponse);
  const topics = await topicsOfApp(app, user, row.id);
  // A topic or parent that is not (or no longer) this app's is dropped from the view, not an error page.
  const topicId = topics.some((t) => t.topicId === view.topicId) ? view.topicId : null;
  const parent = view.parentId
    ? await getAppMediaById(app, user, { appId: row.id, mediaId: view.parentId }).catch(() => null)
    : null;
  const shown: LibraryView = {
    ...view,
    topicId,
    parentId: parent && isParentType(parent.type) ? parent.mediaId : null,
  };
  const cursor = url.searchParams.get("cursor");
  const page = await listAppMedia(app, user, {
    appId: row.id,
    limit: 30,
    cursorCreatedAt: cursor ? decodeCursor(cursor) : null,
    onlyTypes: shown.type ? [shown.type] : null,
    inBlueprintOnly: false,
    podcastId: undefined,
    channelId: undefined,
    topicId: shown.topicId ?? undefined,
    excludeHidden: !shown.showHidden,
    // The top level unless a podcast or channel is open; a topic lists its items wherever they sit.
    parentMediaId: shown.parentId ?? (shown.topicId ? undefined : "none"),
  }).catch((error: unknown) => {
    // A cursor from an old page: start again from the newest.
    if (error instanceof ServiceError && error.failure === "invalid") return { media: [], nextCursor: null };
    throw error;
  });
  const describeJobIds = page.media.flatMap((m) =>
    typeof m.metadata?.describeJobId === "string" ? [m.metadata.describeJobId] : [],
  );
  return {
    kind: "media" as const,
    app: { id: row.id, name: row.name },
    /** The progress of each description on its way, by job id (the cards' progress bars). */
    describing: await descriptionProgress(app, row.id, describeJobIds),
    view: shown,
    topics,
    parent: shown.parentId ? parent : null,
    media: page.media,
    nextCursor: page.nextCursor,
    firstPage: !cursor,
    /** Says what the pictures generateAppImage made are (designed covers without a model). */
    modelConnected: modelConnected(app),
  };
}

function decodeCursor(value: string) {
  const [at, id] = value.split(":");
  const ms = Number(at);
  return Number.isFinite(ms) ? { at: ms, id: id || null } : null;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The blueprint with a story that presents the media item, appended at the end (and its new id). */
function withMediaStory(blueprint: Blueprint, media: MediaView): { next: Blueprint; itemId: string } {
  const items = blueprint.items ?? [];
  const title = mediaTitle(media).slice(0, 120);
  const itemId = freeItemId(items, `story-${slugify(title).slice(0, 40) || "media"}`);
  return {
    next: { ...blueprint, items: [...items, { id: itemId, kind: "story", title, body: libraryItemMarkdown(media) }] },
    itemId,
  };
}

export async function mediaLibraryAction(app: AppContext, request: Request, appId: string, form: FormData) {
  const user = await requireUser(app, request, { status: 302 });
  const row = await openMediaApp(app, user, appId).catch(asResponse);
  const view = viewOf(new URL(request.url));
  // Our own site: an address on it is a file of ours, not a link (media.server.ts libraryUrl).
  const origin = new URL(request.url).origin;
  const intent = field(form, "intent");
  const mediaId = field(form, "mediaId") || null;
  const back = (title: string, to = libraryPath(row.id, view)) =>
    redirectWithToast(request, to, { kind: "success", title });
  try {
    switch (intent) {
      case "upload": {
        // Several files may be chosen at once: each is checked and stored on its own, in order.
        const files = form.getAll("file").filter((f): f is File => f instanceof File && f.size > 0);
        if (files.length === 0) throw new ServiceError("invalid", "Choose a file to upload");
        const added: string[] = [];
        for (const file of files) {
          try {
            const saved = await uploadAppMedia(app, user, row.id, file, {
              parentMediaId: field(form, "parentMediaId") || undefined,
              topicId: field(form, "topicId") || undefined,
            });
            await describeInLibrary(app, user, saved, origin);
            added.push(mediaTitle(saved));
          } catch (error) {
            // The files before it stay added; the message says which one was refused and why.
            if (!(error instanceof ServiceError) || added.length === 0) throw error;
            throw new ServiceError(error.failure, `${added.join(", ")} added. ${file.name}: ${error.message}`);
          }
        }
        return back(added.length === 1 ? `${added[0]} added` : `${added.length} files added`);
      }
      case "add-link": {
        const url = webUrl(field(form, "url"));
        if (!url) throw new ServiceError("invalid", "The link must be a web address starting with http:// or https://");
        const asked = field(form, "linkType");
        const type = (LINKABLE_TYPES as readonly string[]).includes(asked) ? (asked as MediaType) : linkTypeOf(url);
        const saved = await saveAppMedia(
          app,
          user,
          row.id,
          {
            type,
            url: url.toString(),
            parentMediaId: field(form, "parentMediaId") || undefined,
            metadata: undefined,
            thumbnailUrl: undefined,
            isInBlueprint: undefined,
            isHiddenInLibrary: undefined,
            uploadDate: undefined,
          },
          origin,
        );
        const topicId = field(form, "topicId");
        if (topicId)
          await addTopicsToMedia(app, user, { appId: row.id, mediaId: saved.media.mediaId, topicIds: [topicId] });
        if (saved.created) await describeInLibrary(app, user, saved.media, origin);
        return back(saved.created ? `${mediaTitle(saved.media)} added` : "That link is already in the library");
      }
      case "describe": {
        const item = await getAppMediaById(app, user, { appId: row.id, mediaId: mediaId ?? "" });
        if (!(await describeInLibrary(app, user, item, origin)))
          throw new ServiceError("invalid", `${mediaTitle(item)} cannot be described yet`);
        return back(`Describing ${mediaTitle(item)}`);
      }
      case "hide":
      case "show": {
        const changed = await updateAppMediaById(
          app,
          user,
          row.id,
          mediaId ?? "",
          { isHiddenInLibrary: intent === "hide" },
          origin,
        );
        return back(intent === "hide" ? `${mediaTitle(changed)} hidden` : `${mediaTitle(changed)} shown again`);
      }
      case "delete": {
        const item = await getAppMediaById(app, user, { appId: row.id, mediaId: mediaId ?? "" });
        await deleteAppMedia(app, user, row.id, item.mediaId);
        return back(`${mediaTitle(item)} deleted`);
      }
      case "add-topic":
      case "remove-topic": {
        const topicIds = [field(form, "topicId")].filter(Boolean);
        if (topicIds.length === 0) throw new ServiceError("invalid", "Choose a topic");
        const input = { appId: row.id, mediaId: mediaId ?? "", topicIds };
        if (intent === "add-topic") await addTopicsToMedia(app, user, input);
        else await removeTopicsFromMedia(app, user, input);
        return back(intent === "add-topic" ? "Added to the topic" : "Taken out of the topic");
      }
      case "create-topic": {
        const topic = await createTopic(app, user, row.id, field(form, "name"));
        return back(`Topic '${topic.name}' created`);
      }
      case "rename-topic": {
        const topic = await renameTopic(app, user, field(form, "topicId"), field(form, "name"));
        return back(`Topic renamed to '${topic.name}'`);
      }
      case "delete-topic": {
        const topicId = field(form, "topicId");
        await deleteTopic(app, user, topicId);
        const to = view.topicId === topicId ? libraryPath(row.id, { ...view, topicId: null }) : undefined;
        return back("Topic deleted (its media stay in the library)", to);
      }
      case "move-topic": {
        const topics = await topicsOfApp(app, user, row.id);
        const ids = topics.map((t) => t.topicId);
        const from = ids.indexOf(field(form, "topicId"));
        const to = from + (field(form, "direction") === "up" ? -1 : 1);
        if (from === -1) throw new ServiceError("not-found", "Topic not found");
        if (to < 0 || to >= ids.length) return back("The topic is already there");
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
        await reorderTopics(app, user, row.id, ids);
        return back("Topic moved");
      }
      case "use-in-blueprint": {
        const item = await getAppMediaById(app, user, { appId: row.id, mediaId: mediaId ?? "" });
        const found = await blueprintOf(app, row.id);
        if (!found) throw new ServiceError("conflict", "This app has no blueprint yet");
        const { next, itemId } = withMediaStory(found.blueprint, item);
        const saved = await saveBlueprint(app, row, user, next);
        if (!saved.ok) throw new ServiceError("invalid", Object.values(saved.errors)[0] ?? "Check the blueprint");
        await syncMediaFlagsFromBlueprint(app, user, row.id);
        return back(
          `${mediaTitle(item)} added to the blueprint`,
          builderPath(row.id, { mode: "blueprint", item: itemId }) + `#item-${itemId}`,
        );
      }
      default:
        throw new ServiceError("invalid", "Unknown action");
    }
  } catch (error) {
    if (error instanceof ServiceError && error.failure !== "forbidden")
      return data<MediaLibraryAnswer>(
        { error: error.message, intent, mediaId },
        { status: error.failure === "not-found" ? 404 : 400 },
      );
    return asResponse(error);
  }
}
