import { CONDITIONS } from '@soleswap/contracts/sneaker-values';
import { fromUsMens, SIZE_SYSTEM_LABELS, SIZE_SYSTEMS, sizeChartFor, type SizeSystem } from '@soleswap/contracts/sneaker-sizes';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateWant, useReleaseSearch } from '../api/wants';

/** Search the catalogue, pick a release, then its sizes, minimum condition and optional value cap. */
export function AddWantForm() {
  // A "Want" button elsewhere links here as /wants?q=<style code>&release=<id>.
  const params = new URLSearchParams(useSearch());
  const linkedId = Number(params.get('release')) || null;
  const [q, setQ] = useState(params.get('q') ?? '');
  const [release, setRelease] = useState<CatalogRelease | null>(null);
  /** US men's sizes of the release's run. */
  const [sizes, setSizes] = useState<string[]>([]);
  const [system, setSystem] = useState<SizeSystem>('us');
  const [minCondition, setMinCondition] = useState('9');
  const [maxValue, setMaxValue] = useState('');
  const search = useReleaseSearch(q);
  const create = useCreateWant();
  const linked = linkedId ? search.data?.find((r) => r.id === linkedId) : undefined;
  // The release linked from the address is chosen once the search finds it.
  const [seenLinked, setSeenLinked] = useState(linked);
  if (linked !== seenLinked) {
    setSeenLinked(linked);
    if (linked) setRelease(linked);
  }

  // The release's run is in US men's sizes; the boxes show (and send) them in the member's system,
  // on the chart of the release's brand, and the server converts them back the same way.
  const chart = sizeChartFor(release?.brand ?? '');
  const shownSize = (us: string) => fromUsMens(Number(us), system, chart) ?? `US ${us}`;

  const submit = () => {
    if (!release) return;
    create.mutate(
      { catalogReleaseId: release.id, sizes: sizes.map(shownSize), minCondition, maxValue: maxValue.trim() === '' ? null : maxValue },
      {
        onSuccess: () => {
          toast({ title: 'Added to your wantlist', description: release.name });
          setRelease(null);
          setSizes([]);
          setQ('');
        },
        onError: (error) => toast({ title: 'Could not add the want', description: toUserMessage(error, 'Please try again'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="font-display text-lg font-extrabold">Add a want</h2>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Search the catalogue
        <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="e.g. Jordan 4 Bred" />
      </label>
      {q.trim() && !release ? (
        <ul className="flex flex-col gap-1" aria-label="Catalogue results">
          {(search.data ?? []).map((r) => (
            <li key={r.id}>
              <Button variant="outline" size="sm" onClick={() => setRelease(r)}>
                {r.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {release ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Release: <strong>{release.name}</strong>{' '}
            <Button variant="ghost" size="sm" onClick={() => setRelease(null)}>
              Change
            </Button>
          </p>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Size system
            <NativeSelect value={system} onChange={(e) => setSystem(e.target.value as SizeSystem)}>
              {SIZE_SYSTEMS.map((s) => (
                <option key={s} value={s}>
                  {SIZE_SYSTEM_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </label>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-1 text-sm font-semibold">Sizes you accept</legend>
            {release.sizes.map((size) => (
              <label key={size} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={sizes.includes(size)}
                  onChange={(e) => setSizes(e.target.checked ? [...sizes, size] : sizes.filter((s) => s !== size))}
                />
                {shownSize(size)}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Minimum condition
            <NativeSelect value={minCondition} onChange={(e) => setMinCondition(e.target.value)}>
              {CONDITIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.value} – {c.label}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Most value you would take ($, optional)
            <Input inputMode="decimal" value={maxValue} onChange={(e) => setMaxValue(e.target.value)} />
          </label>
          <Button onClick={submit} disabled={create.isPending || sizes.length === 0}>
            Add to wantlist
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
