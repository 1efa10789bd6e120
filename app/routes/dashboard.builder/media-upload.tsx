/**
 * The library's upload form. Without JavaScript it is a plain multipart form (one file, then the
 * page again with a toast). With it, files can be dropped on the form or chosen several at a time,
 * and each uploads in turn with a progress bar: fetch cannot report upload progress, so this uses
 * XMLHttpRequest, to the JSON upload call (POST /api/app-builder/uploadAppMedia) instead of the page.
 */
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form, useRevalidator } from "@remix-run/react";
import type { TopicView } from "~/features/media/topics.server";
import { MEDIA_UPLOAD_HINT } from "~/features/media/library";
import { Button } from "~/ui/Button";
import { ProgressBar } from "~/ui/ProgressBar";

type Upload = { name: string; percent: number; error: string | null; done: boolean };

const UPLOAD_CALL = "/api/app-builder/uploadAppMedia";

function send(body: FormData, onProgress: (percent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_CALL);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    request.onload = () => {
      let answer: { response?: { success?: boolean }; detail?: string; error?: string } = {};
      try {
        answer = JSON.parse(request.responseText) as typeof answer;
      } catch {
        // Not JSON (a proxy's error page): said below.
      }
      resolve(
        request.status < 400 && answer.response?.success
          ? null
          : (answer.detail ?? answer.error ?? "The upload failed. Try again."),
      );
    };
    request.onerror = () => resolve("The upload failed: the connection was lost. Try again.");
    request.send(body);
  });
}

export function UploadForm({
  appId,
  action,
  topics,
  parentMediaId,
  topicId,
}: {
  appId: string;
  action: string;
  topics: TopicView[];
  parentMediaId: string | null;
  topicId: string | null;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const revalidator = useRevalidator();
  const busy = uploads.some((u) => !u.done);

  async function upload(files: File[]) {
    if (!form.current || files.length === 0) return;
    const fields = new FormData(form.current);
    setUploads(files.map((f) => ({ name: f.name, percent: 0, error: null, done: false })));
    for (const [i, file] of files.entries()) {
      const body = new FormData();
      for (const key of ["appId", "parentMediaId", "topicId"]) {
        const value = fields.get(key);
        if (typeof value === "string" && value) body.set(key, value);
      }
      body.set("file", file);
      body.set("describe", "1");
      const error = await send(body, (percent) =>
        setUploads((all) => all.map((u, j) => (j === i ? { ...u, percent } : u))),
      );
      setUploads((all) => all.map((u, j) => (j === i ? { ...u, percent: 100, error, done: true } : u)));
    }
    form.current.reset();
    revalidator.revalidate();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    if (!input?.files?.length) return; // The browser's own "choose a file" message.
    event.preventDefault();
    void upload([...input.files]);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setOver(false);
    if (!busy) void upload([...event.dataTransfer.files]);
  }

  return (
    <Form
      ref={form}
      method="post"
      action={action}
      encType="multipart/form-data"
      className={over ? "media-add__form media-drop media-drop--over" : "media-add__form media-drop"}
      aria-labelledby="upload-heading"
      onSubmit={onSubmit}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h3 id="upload-heading">Upload a file</h3>
      <input type="hidden" name="section" value="media" />
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="appId" value={appId} />
      {parentMediaId ? <input type="hidden" name="parentMediaId" value={parentMediaId} /> : null}
      <div className="field">
        <label className="field__label" htmlFor="media-file">
          File
        </label>
        <input
          id="media-file"
          name="file"
          type="file"
          required
          multiple
          accept="image/*,audio/*,video/*,application/pdf"
          aria-describedby="media-file-hint"
        />
        <p id="media-file-hint" className="field__hint">
          {MEDIA_UPLOAD_HINT} You can also drop files here.
        </p>
      </div>
      <TopicChoice topics={topics} topicId={topicId} id="media-upload-topic" />
      <Button type="submit" variant="primary" size="small" disabled={busy}>
        Upload
      </Button>
      {uploads.length > 0 ? (
        <ul className="media-uploads" aria-live="polite">
          {uploads.map((u, i) => (
            <li key={`${u.name}-${i}`}>
              <ProgressBar value={u.percent} label={`Uploading ${u.name}`} showText />
              <span role={u.error ? "alert" : undefined}>
                {u.error ? `${u.name}: ${u.error}` : u.done ? `${u.name} added` : u.name}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}

/** The optional "put it in a topic" choice of the two add forms. */
export function TopicChoice({ topics, topicId, id }: { topics: TopicView[]; topicId: string | null; id: string }) {
  if (topics.length === 0) return null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Topic (optional)
      </label>
      <select id={id} name="topicId" className="input builder-select" defaultValue={topicId ?? ""}>
        <option value="">No topic</option>
        {topics.map((t) => (
          <option key={t.topicId} value={t.topicId}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}
