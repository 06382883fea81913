import type { Loop } from '@soleswap/contracts/loops';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { LoopShipToPanel } from '../../features/addresses/components/loop-ship-to-panel';
import { ShipToPicker } from '../../features/addresses/components/ship-to-picker';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { LoopsSection } from '../../features/loops/components/loops-section';
import { LoopSlotsContext, type LoopSlots } from '../../features/loops/loop-slots';
import { useCurrentUser } from '../../lib/current-user';
import { LoopHoldCard } from './loop-hold-card';
import { TradesRoute } from './trades-route';

/** The addresses feature's picker and panel, the chat feature's panel and the trades feature's card fields inside each loop card. */
function useLoopSlotsOfApp(): LoopSlots {
  const currentUserId = useCurrentUser().user?.id ?? '';
  return useMemo(
    () => ({
      renderShipToPicker: (props) => <ShipToPicker {...props} />,
      renderShipTo: (loop: Loop) => <LoopShipToPanel loop={loop} />,
      renderHoldCard: (props) => <LoopHoldCard {...props} />,
      renderChat: (loop: Loop) => (
        <ChatPanel
          thread={{ kind: 'loop', id: loop.id }}
          partner={{ id: `loop-${loop.id}`, username: `Loop #${loop.id}`, firstName: null, lastName: null, profileImageUrl: null }}
          currentUserId={currentUserId}
          subtitle={`${loop.members.length} members: ${loop.members.map((m) => m.username ?? 'a member').join(', ')}`}
        />
      ),
    }),
    [currentUserId],
  );
}

/** /trades: two-member trades, then loop trades, with the way to the wantlist and matches. */
export function TradesAndLoopsPage() {
  const loopSlots = useLoopSlotsOfApp();
  return (
    <>
      <nav aria-label="Wants and matches" className="mx-auto flex w-full max-w-6xl gap-2 px-4 pt-6 sm:px-6">
        <Link href="/wants" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          My Wantlist
        </Link>
        <Link href="/matches" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Matches
        </Link>
      </nav>
      <TradesRoute />
      <LoopSlotsContext.Provider value={loopSlots}>
        <LoopsSection />
      </LoopSlotsContext.Provider>
    </>
  );
}
