import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { DiagnosticResult, DiagnosticStatus } from '../auth-checks';
import { JsonBlock } from './json-block';

const LOOK: Record<DiagnosticStatus, { icon: typeof CheckCircle2; border: string; text: string; word: string }> = {
  success: { icon: CheckCircle2, border: 'border-success/60', text: 'text-success', word: 'Passed' },
  warning: { icon: AlertTriangle, border: 'border-warning/60', text: 'text-warning', word: 'Warning' },
  error: { icon: XCircle, border: 'border-destructive/60', text: 'text-destructive', word: 'Failed' },
};

/** One check of /auth-test, coloured by outcome, with its details folded away. */
export function DiagnosticResultCard({ result }: { result: DiagnosticResult }) {
  const look = LOOK[result.status];
  const Icon = look.icon;
  return (
    <Card role="group" aria-label={result.test} className={cn('flex flex-col gap-2 p-4', look.border)}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', look.text)} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="font-semibold">
            {result.test} <span className={cn('text-xs font-bold uppercase', look.text)}>{look.word}</span>
          </p>
          <p className="text-sm text-muted">{result.message}</p>
        </div>
        <time dateTime={result.timestamp} className="shrink-0 text-xs text-muted">
          {new Date(result.timestamp).toLocaleTimeString()}
        </time>
      </div>
      {result.details !== undefined ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded text-muted hover:text-foreground">Details</summary>
          <div className="mt-2">
            <JsonBlock label={`${result.test} details`} value={result.details} />
          </div>
        </details>
      ) : null}
    </Card>
  );
}
