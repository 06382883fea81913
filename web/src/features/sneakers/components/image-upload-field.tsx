import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE } from '@soleswap/contracts/uploads';
import { ImagePlus, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { useUploadImage } from '../api/upload-image';
import { SneakerImage } from '../../../components/ui/sneaker-image';

interface ImageUploadFieldProps {
  /** What the preview shows before anything new is picked (the sneaker's current thumbnail). */
  initialPreviewUrl: string | null;
  /** Called with the stored image's URL (and its thumbnail) after an upload, or null when the photo is removed. */
  onChange: (imageUrl: string | null, thumbnailUrl?: string) => void;
  /** Tells the form an upload is running, so it is not saved with a half-finished photo. */
  onUploadingChange: (isUploading: boolean) => void;
  /** A message from the form or the server about the image. */
  error?: string;
  /** The field's label; "Photo" (the cover) by default. */
  label?: string;
  /** What to photograph, shown under the field instead of the accepted formats. */
  hint?: string;
}

/** Checks what the browser knows before sending anything; the server checks the real bytes again. */
function localProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return UNSUPPORTED_IMAGE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/**
 * The dialog's photo: pick an image, see it, and it is uploaded straight away
 * (`POST /api/uploads`), so the sneaker is saved with the stored URL rather than
 * a data URL in the row (see docs/rules/uploads.md#storage-and-urls).
 */
export function ImageUploadField({ initialPreviewUrl, onChange, onUploadingChange, error, label = 'Photo', hint }: ImageUploadFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const upload = useUploadImage();
  const [previewUrl, setPreviewUrl] = useState(initialPreviewUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so picking the same file again after an error still fires a change.
    event.target.value = '';
    if (!file) return;
    const tooBad = localProblem(file);
    if (tooBad) {
      setProblem(tooBad);
      return;
    }
    setProblem(null);
    onUploadingChange(true);
    try {
      const stored = await upload.mutateAsync(file);
      setPreviewUrl(stored.thumbnailUrl);
      onChange(stored.imageUrl, stored.thumbnailUrl);
    } catch (uploadError) {
      setProblem(toUserMessage(uploadError, 'The photo could not be uploaded. Try again.'));
    } finally {
      onUploadingChange(false);
    }
  }

  function onRemove() {
    setPreviewUrl(null);
    setProblem(null);
    onChange(null);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-4">
        <div className="relative size-24 shrink-0 overflow-hidden rounded-xl border border-border">
          <SneakerImage
            src={previewUrl}
            alt={label === 'Photo' ? 'Preview of the chosen picture' : `Preview of the ${label.toLowerCase()}`}
            className="size-24"
          />
          {upload.isPending ? (
            <div className="absolute inset-0 flex items-center justify-center bg-background/70">
              <Spinner label="Uploading photo" />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col items-start gap-2">
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(event) => void onPick(event)}
            disabled={upload.isPending}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={messageId}
            className="max-w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-raised file:px-3 file:py-2 file:font-semibold file:text-foreground hover:file:bg-border"
          />
          {previewUrl && !upload.isPending ? (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={label === 'Photo' ? undefined : `Remove ${label.toLowerCase()}`}>
              <X aria-hidden="true" />
              Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      {shownError ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      ) : (
        <p id={messageId} className="flex items-center gap-1 text-xs text-muted">
          <ImagePlus aria-hidden="true" className="size-3.5" />
          {upload.isPending ? 'Uploading...' : (hint ?? 'JPEG, PNG, WebP, GIF or AVIF, up to 8 MB.')}
        </p>
      )}
    </div>
  );
}
