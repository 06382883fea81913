import { CreateReportSchema, REPORT_REASON_MAX, type ReportKind } from '@soleswap/contracts/moderation';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateReport } from '../api/create-report';

const TEXTAREA =
  'min-h-24 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 aria-invalid:border-destructive';

const WHAT: Record<ReportKind, string> = { member: 'member', listing: 'listing', message: 'message' };

interface ReportDialogProps {
  kind: ReportKind;
  targetId: string | number;
  /** Shown in the title: the member's name or the listing's. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Tells the moderators what is wrong with a member, a listing or a message. */
export function ReportDialog({ kind, targetId, name, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const report = useCreateReport();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateReportSchema.safeParse({ kind, targetId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    report.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Report sent', description: 'Thanks. Our moderators will look at it.' });
        setReason('');
        setError(undefined);
        onOpenChange(false);
      },
      onError: (failure) => setError(toUserMessage(failure, 'Failed to send the report')),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${name}`}
      description={`Tell the moderators what is wrong with this ${WHAT[kind]}. They don't tell who reported it.`}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="What is wrong?" error={error} hint={`${reason.trim().length}/${REPORT_REASON_MAX}`}>
          <textarea className={TEXTAREA} value={reason} maxLength={REPORT_REASON_MAX + 50} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {report.isPending ? 'Sending...' : 'Send report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
