import { zodResolver } from '@hookform/resolvers/zod';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import type { SneakerPhoto } from '@soleswap/contracts/sneaker-photos';
import { BRANDS, CONDITIONS, CreateSneakerSchema, SIZES, type CreateSneaker } from '@soleswap/contracts/sneakers';
import * as Switch from '@radix-ui/react-switch';
import { Link2, ShieldCheck, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { releaseToFormValues, SNEAKER_FORM_FIELDS, type SneakerFormValues } from '../sneaker-form-values';
import { CatalogSearch } from './catalog-search';
import { ImageUploadField } from './image-upload-field';
import { PhotoSlotsField } from './photo-slots-field';
import { NativeSelect } from '../../../components/ui/native-select';

interface SneakerFormProps {
  defaultValues: SneakerFormValues;
  /** The picture shown before a new photo is picked. */
  initialPreviewUrl: string | null;
  /** The stored legit-check photos of the sneaker being edited (their thumbnails). */
  initialPhotos?: readonly SneakerPhoto[];
  submitLabel: string;
  pendingLabel: string;
  /** Saves the validated values. It rejects on failure, after telling the member. */
  onSave: (values: CreateSneaker) => Promise<void>;
  onCancel: () => void;
}

/** Puts the server's per-field messages (`fields` of a 400) under the matching controls. */
function showServerFieldErrors(form: UseFormReturn<SneakerFormValues, unknown, CreateSneaker>, error: unknown) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = SNEAKER_FORM_FIELDS.find((name) => name === path);
    if (field) form.setError(field, { type: 'server', message });
  }
}

/**
 * The form holds every field as a plain string, a narrower shape than the schema's
 * input (which also takes numbers and nulls), so the shared schema validates it as is.
 */
const sneakerFormResolver = zodResolver(CreateSneakerSchema) as unknown as Resolver<SneakerFormValues, unknown, CreateSneaker>;

/** The first message about the photos: the list's own, or one photo's. */
function photosError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, item] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = item && typeof item === 'object' ? photosError(item) : undefined;
    if (found) return found;
  }
  return undefined;
}

const TEXTAREA =
  'min-h-24 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 aria-invalid:border-destructive';

/**
 * The add and edit form (see docs/rules/sneakers.md#adding-and-editing): every field with its label, the documented
 * choices and validation messages (CreateSneakerSchema, shared with the server),
 * a photo upload, the legit-check photos (photo-slots-field.tsx) and a catalogue search that fills in a release's details.
 */
export function SneakerForm({ defaultValues, initialPreviewUrl, initialPhotos, submitLabel, pendingLabel, onSave, onCancel }: SneakerFormProps) {
  const switchId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [isUploadingPhotos, setIsUploadingPhotos] = useState(false);
  const [linkedName, setLinkedName] = useState<string | null>(null);
  const form = useForm<SneakerFormValues, unknown, CreateSneaker>({
    resolver: sneakerFormResolver,
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const catalogReleaseId = form.watch('catalogReleaseId');
  const photos = form.watch('photos');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      form.reset(defaultValues);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  });

  function onPickRelease(release: CatalogRelease) {
    for (const [field, value] of Object.entries(releaseToFormValues(release))) {
      form.setValue(field as keyof SneakerFormValues, value, { shouldDirty: true });
      form.clearErrors(field as keyof SneakerFormValues);
    }
    setLinkedName(release.name);
  }

  function onUnlink() {
    form.setValue('catalogReleaseId', null, { shouldDirty: true });
    setLinkedName(null);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <ImageUploadField
        initialPreviewUrl={initialPreviewUrl}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true })}
        onUploadingChange={setIsUploading}
        error={errors.imageUrl?.message}
      />

      <PhotoSlotsField
        value={photos}
        initialPhotos={initialPhotos}
        onChange={(next) => form.setValue('photos', next, { shouldDirty: true })}
        onUploadingChange={setIsUploadingPhotos}
      />
      {photosError(errors.photos) ? (
        <p role="alert" className="text-sm text-destructive">
          {photosError(errors.photos)}
        </p>
      ) : null}

      <CatalogSearch onSelect={onPickRelease} />

      {catalogReleaseId !== null ? (
        <p className="flex items-center justify-between gap-2 rounded-lg bg-surface-raised px-3 py-2 text-sm">
          <span className="flex items-center gap-2">
            <Link2 aria-hidden="true" className="size-4 text-accent" />
            {linkedName ? `Linked to ${linkedName}` : 'Linked to a catalogue release'}
          </span>
          <Button variant="ghost" size="sm" onClick={onUnlink} aria-label="Unlink the catalogue release">
            <X aria-hidden="true" />
          </Button>
        </p>
      ) : null}

      <Field label="Name" error={errors.name?.message}>
        <Input placeholder="Air Jordan 1 Retro High OG" {...form.register('name')} />
      </Field>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Brand" error={errors.brand?.message}>
          <NativeSelect {...form.register('brand')}>
            <option value="">Select brand</option>
            {BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Model" error={errors.model?.message}>
          <Input placeholder="Jordan 1" {...form.register('model')} />
        </Field>
        <Field label="Colorway" error={errors.colorway?.message}>
          <Input placeholder="Chicago" {...form.register('colorway')} />
        </Field>
        <Field label="Style code (optional)" error={errors.styleCode?.message}>
          <Input placeholder="DZ5485-612" autoComplete="off" {...form.register('styleCode')} />
        </Field>
        <Field label="Size" error={errors.size?.message}>
          <NativeSelect {...form.register('size')}>
            <option value="">Select size</option>
            {SIZES.map((size) => (
              <option key={size} value={size}>
                US {size}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Condition" error={errors.condition?.message}>
          <NativeSelect {...form.register('condition')}>
            {CONDITIONS.map((condition) => (
              <option key={condition.value} value={condition.value}>
                {condition.value} - {condition.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Estimated value" error={errors.estimatedValue?.message} hint="In US dollars">
          <Input type="number" inputMode="decimal" min="0" step="0.01" placeholder="250" {...form.register('estimatedValue')} />
        </Field>
      </div>

      <Field label="Description" error={errors.description?.message}>
        <textarea className={TEXTAREA} placeholder="Box, extra laces, any flaws..." {...form.register('description')} />
      </Field>

      <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
        <div className="flex flex-col">
          <Label htmlFor={switchId}>Available for trading</Label>
          <span className="text-xs text-muted">Other members can propose trades for it.</span>
        </div>
        <Controller
          control={form.control}
          name="isAvailableForTrade"
          render={({ field }) => (
            <Switch.Root
              id={switchId}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              className="relative h-6 w-11 shrink-0 rounded-full bg-border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent data-[state=checked]:bg-accent"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-foreground transition-transform data-[state=checked]:translate-x-[1.375rem]" />
            </Switch.Root>
          )}
        />
      </div>

      <p className="flex items-start gap-2 text-xs text-muted">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        Every sneaker goes through smart authentication: it is checked against the catalogue and market data before it shows as Verified.
      </p>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || isUploading || isUploadingPhotos}>
          {isSubmitting ? pendingLabel : isUploading || isUploadingPhotos ? 'Uploading photo...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
