import * as Avatar from '@radix-ui/react-avatar';
import { BIO_MAX, UpdateProfileSchema, type UpdateProfile, type User } from '@soleswap/contracts/users';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { uploadAvatar, useUpdateProfile } from '../api/update-profile';
import { avatarInitial } from '../user-names';

const TEXTAREA =
  'min-h-24 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 aria-invalid:border-destructive';

type Errors = Partial<Record<keyof UpdateProfile | 'form', string>>;

/** The form's first message per field, from the shared schema or the server's `fields`. */
function fieldErrors(fields: Record<string, string> | null | undefined): Errors {
  const errors: Errors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (key === 'username' || key === 'bio' || key === 'profileImageUrl') errors[key] ??= message;
    else errors.form ??= message;
  }
  return errors;
}

/** "Edit profile" on my own profile: username, bio and picture, checked by the same rules the server applies. */
export function EditProfileDialog({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState(user.username ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(user.profileImageUrl);
  const [errors, setErrors] = useState<Errors>({});
  const [isUploading, setIsUploading] = useState(false);
  const save = useUpdateProfile();

  function onOpenChange(next: boolean) {
    if (next) {
      setUsername(user.username ?? '');
      setBio(user.bio ?? '');
      setImageUrl(user.profileImageUrl);
      setErrors({});
    }
    setOpen(next);
  }

  async function onPickImage(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      setImageUrl((await uploadAvatar(file)).imageUrl);
      setErrors((e) => ({ ...e, profileImageUrl: undefined }));
    } catch (error) {
      setErrors((e) => ({ ...e, profileImageUrl: toUserMessage(error, 'Could not upload this picture') }));
    } finally {
      setIsUploading(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const changes: Record<string, unknown> = { bio, profileImageUrl: imageUrl };
    // A name given by the sign-in provider may not follow today's rules: only a changed one is checked.
    if (username.trim() !== (user.username ?? '')) changes.username = username;
    const parsed = UpdateProfileSchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(fieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]))));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Profile updated' });
        setOpen(false);
      },
      onError: (error) => {
        const fromServer = error instanceof ApiError ? fieldErrors(error.fields) : {};
        setErrors(Object.keys(fromServer).length ? fromServer : { form: toUserMessage(error, 'Failed to update profile') });
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit profile"
      trigger={
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit profile
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex items-center gap-4">
          <Avatar.Root className="inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground">
            {imageUrl ? <Avatar.Image src={imageUrl} alt="" className="size-full object-cover" /> : null}
            <Avatar.Fallback className="font-bold text-2xl">{avatarInitial({ username, firstName: user.firstName })}</Avatar.Fallback>
          </Avatar.Root>
          <div className="flex flex-1 flex-col gap-2">
            <Field label="Profile picture" error={errors.profileImageUrl}>
              <Input type="file" accept="image/*" disabled={isUploading} onChange={(e) => void onPickImage(e.target.files?.[0])} />
            </Field>
            {imageUrl ? (
              <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setImageUrl(null)}>
                Remove picture
              </Button>
            ) : null}
          </div>
        </div>
        <Field label="Username" error={errors.username} hint="3 to 30 letters, digits, _ or .">
          <Input value={username} autoComplete="username" onChange={(e) => setUsername(e.target.value)} />
        </Field>
        <Field label="Bio" error={errors.bio} hint={`${bio.trim().length}/${BIO_MAX}`}>
          <textarea className={TEXTAREA} value={bio} onChange={(e) => setBio(e.target.value)} />
        </Field>
        {errors.form ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || isUploading}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
