import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { imageSrcSet } from "../../domain/media/image-urls";
import { LIMITS } from "../../lib/constants";
import { toast } from "../ui/toast";
import { useHydrated } from "../ui/use-hydrated";

/** The upload endpoint's limits and texts, as the browser shows them (the server decides). */
const MAX_BYTES = 8 * 1024 * 1024;
const ACCEPTED = ["image/jpeg", "image/png", "image/webp"];
const FAILED_TEXT = "Failed to upload some images";
const maxImagesText = (n: number) => `Maximum ${n} images allowed`;
const uploadedText = (n: number) => `${n} images uploaded successfully`;

interface Item {
  key: string;
  /** Set once the server has stored the image. */
  url: string | null;
  /** What the browser shows: the local file while uploading, then the stored image. */
  preview: string;
  name: string;
  loaded: number;
  total: number;
  state: "uploading" | "done" | "failed";
  error?: string;
  /** Files chosen together share a batch: the progress bar covers the whole batch. */
  batch: number;
}

interface ImageUploaderProps {
  /** Images the product already has, cover first. */
  initial: readonly string[];
  /** Where files are sent, one request per file (multipart field "images"). */
  uploadUrl: string;
  max?: number;
  error?: string;
  /** Told while files are on their way, so the form can wait for them. */
  onBusyChange?: (busy: boolean) => void;
}

let counter = 0;
const nextKey = () => `image-${++counter}`;
let batches = 0;

/** Sends one file with upload progress (fetch cannot report it); resolves with the stored URL. */
function sendFile(url: string, file: File, onProgress: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const body = xhr.response as { images?: Array<{ url: string }>; error?: string } | null;
      const stored = body?.images?.[0]?.url;
      if (xhr.status >= 200 && xhr.status < 300 && stored) resolve(stored);
      else reject(new Error(body?.error ?? `${file.name} could not be uploaded.`));
    };
    xhr.onerror = () => reject(new Error(`${file.name} could not be uploaded. Check your connection and try again.`));
    const body = new FormData();
    body.append("images", file);
    xhr.send(body);
  });
}

/** A problem the browser can see before sending anything (the server checks the bytes again). */
function localProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return `${file.name} is not a JPEG, PNG or WebP image. Please choose a photo.`;
  if (file.size > MAX_BYTES) return `${file.name} is larger than 8 MB. Please choose a smaller photo.`;
  return null;
}

/**
 * Product photos: chosen or dropped files are uploaded at once with a progress bar, shown as
 * previews, and can be reordered (the first is the cover) or removed; the form sends the stored
 * URLs in order as "images". Before scripts load it is a plain file input ("imageFiles") with a
 * remove box per existing image, handled by the same form on the server.
 */
export function ImageUploader({ initial, uploadUrl, max = LIMITS.productImagesMax, error, onBusyChange }: ImageUploaderProps) {
  const hydrated = useHydrated();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((url) => ({ key: nextKey(), url, preview: url, name: url, loaded: 1, total: 1, state: "done" as const, batch: 0 })),
  );
  const [dragging, setDragging] = useState(false);
  const uploading = items.filter((item) => item.state === "uploading");
  const busy = uploading.length > 0;

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(
    () => () => {
      for (const item of items) if (item.preview.startsWith("blob:")) URL.revokeObjectURL(item.preview);
    },
    // Only on unmount: each removal revokes its own preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const update = useCallback((key: string, change: Partial<Item>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const kept = items.filter((item) => item.state !== "failed").length;
    if (kept + files.length > max) {
      toast.error(maxImagesText(max));
      return;
    }
    const batchId = ++batches;
    const batch: Item[] = files.map((file) => {
      const problem = localProblem(file);
      return {
        key: nextKey(),
        url: null,
        preview: problem ? "" : URL.createObjectURL(file),
        name: file.name,
        loaded: 0,
        total: file.size,
        state: problem ? "failed" : "uploading",
        error: problem ?? undefined,
        batch: batchId,
      };
    });
    setItems((current) => [...current.filter((item) => item.state !== "failed"), ...batch]);
    let uploaded = 0;
    let firstError = batch.find((item) => item.error)?.error;
    for (const [i, item] of batch.entries()) {
      if (item.state === "failed") continue;
      try {
        const url = await sendFile(uploadUrl, files[i]!, (loaded) => update(item.key, { loaded }));
        update(item.key, { url, state: "done", loaded: item.total });
        uploaded += 1;
      } catch (failure) {
        firstError ??= (failure as Error).message;
        update(item.key, { state: "failed", error: (failure as Error).message });
      }
    }
    if (uploaded === files.length) toast.success(uploadedText(uploaded));
    else toast.error(FAILED_TEXT, firstError);
  };

  const remove = (key: string) => {
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone?.preview.startsWith("blob:")) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.key !== key);
    });
  };

  const move = (index: number, by: -1 | 1) => {
    setItems((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  if (!hydrated) return <PlainImageInput initial={initial} max={max} error={error} />;

  const current = items.filter((item) => item.state !== "failed" && uploading.some((u) => u.batch === item.batch));
  const sent = current.reduce((sum, item) => sum + item.loaded, 0);
  const total = current.reduce((sum, item) => sum + item.total, 0);
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const stored = items.filter((item) => item.state === "done");

  return (
    <fieldset aria-describedby={`${inputId}-help`}>
      <legend className="block text-sm font-semibold text-gray-900">Images</legend>
      <p id={`${inputId}-help`} className="mt-1 text-xs text-gray-600">
        Up to {max} photos (JPEG, PNG or WebP, 8 MB each). The first one is the cover. {stored.length} of {max} added.
      </p>
      {stored.map((item) => (
        <input key={item.key} type="hidden" name="images" value={item.url ?? ""} />
      ))}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-2 rounded-xl border-2 border-dashed p-4 text-center ${dragging ? "border-brand-strong bg-brand-soft" : "border-gray-300"}`}
      >
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={ACCEPTED.join(",")}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            void addFiles(files);
          }}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={busy || stored.length >= max}
          className="rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-60"
        >
          Add photos
        </button>
        <p className="mt-2 text-xs text-gray-600">or drop them here</p>
      </div>
      {busy ? (
        <div className="mt-3">
          <p className="text-sm text-gray-800" aria-live="polite">
            Uploading {uploading.length} {uploading.length === 1 ? "image" : "images"}… {percent}%
          </p>
          <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200">
            <div className="h-full rounded-full bg-brand-strong transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
      {items.length > 0 ? (
        <ol aria-label="Chosen images" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item, index) => (
            <ImageTile key={item.key} item={item} index={index} count={items.length} onMove={move} onRemove={remove} />
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}

function ImageTile({ item, index, count, onMove, onRemove }: { item: Item; index: number; count: number; onMove: (index: number, by: -1 | 1) => void; onRemove: (key: string) => void }) {
  const position = index + 1;
  const srcSet = item.url && item.preview === item.url ? imageSrcSet(item.url) : undefined;
  const small = "rounded-md border border-gray-300 bg-white px-2 py-1 text-xs font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-40";
  return (
    <li className={`rounded-lg border p-2 ${item.state === "failed" ? "border-red-300 bg-red-50" : "border-gray-200"}`}>
      <div className="relative aspect-square overflow-hidden rounded-md bg-gray-100">
        {item.preview ? (
          <img src={item.preview} srcSet={srcSet} sizes={srcSet ? "160px" : undefined} alt={`Image ${position}`} className="h-full w-full object-contain" />
        ) : null}
        {index === 0 && item.state === "done" ? (
          <span className="absolute left-1 top-1 rounded bg-gray-900/80 px-1.5 py-0.5 text-[11px] font-semibold text-white">Cover</span>
        ) : null}
        {item.state === "uploading" ? (
          <div className="absolute inset-x-1 bottom-1 h-1.5 overflow-hidden rounded-full bg-white/80" aria-hidden="true">
            <div className="h-full bg-brand-strong" style={{ width: `${item.total ? Math.round((item.loaded / item.total) * 100) : 0}%` }} />
          </div>
        ) : null}
      </div>
      {item.state === "failed" ? <p className="mt-1 text-xs text-red-800">{item.error}</p> : null}
      <div className="mt-2 flex flex-wrap gap-1">
        <button type="button" className={small} onClick={() => onMove(index, -1)} disabled={index === 0 || item.state !== "done"} aria-label={`Move image ${position} earlier`}>
          ←
        </button>
        <button type="button" className={small} onClick={() => onMove(index, 1)} disabled={index === count - 1 || item.state !== "done"} aria-label={`Move image ${position} later`}>
          →
        </button>
        <button type="button" className={`${small} text-red-800`} onClick={() => onRemove(item.key)} disabled={item.state === "uploading"} aria-label={`Remove image ${position}`}>
          Remove
        </button>
      </div>
    </li>
  );
}

/** Before scripts load: keep or remove existing images with a box each, add new ones with a plain file input. */
function PlainImageInput({ initial, max, error }: { initial: readonly string[]; max: number; error?: string }) {
  return (
    <fieldset>
      <legend className="block text-sm font-semibold text-gray-900">Images</legend>
      <p className="mt-1 text-xs text-gray-600">Up to {max} photos (JPEG, PNG or WebP, 8 MB each). The first one is the cover.</p>
      {initial.length > 0 ? (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {initial.map((url, i) => (
            <li key={url} className="text-xs">
              <input type="hidden" name="images" value={url} />
              <img src={url} alt={`Image ${i + 1}`} className="aspect-square w-full rounded-md bg-gray-100 object-contain" />
              <label className="mt-1 flex items-center gap-1">
                <input type="checkbox" name="removeImages" value={url} /> Remove
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="mt-2 block text-sm text-gray-800">
        Add photos
        <input type="file" name="imageFiles" accept={ACCEPTED.join(",")} multiple className="mt-1 block w-full text-sm" />
      </label>
      {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
