import { useLoops } from '../api/loops';
import { LoopCard } from './loop-card';

/** The member's loop trades, shown beside their two-member trades. */
export function LoopsSection() {
  const loops = useLoops();
  if (!loops.data || loops.data.length === 0) return null;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 pb-10 sm:px-6" aria-labelledby="loops-section-heading">
      <h2 id="loops-section-heading" className="font-display text-2xl font-extrabold">
        Loops
      </h2>
      {loops.data.map((loop) => (
        <LoopCard key={loop.id} loop={loop} />
      ))}
    </section>
  );
}
