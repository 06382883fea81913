import type { User } from '@soleswap/contracts/users';
import { BadgeCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/**
 * The VERIFIED tag beside a member's name (welcome banner and profile). It is a premium
 * benefit, so it renders only for a member with a paid membership and nothing otherwise.
 */
export function VerifiedTag({ user }: { user: Pick<User, 'isPremiumMember'> }) {
  if (!user.isPremiumMember) return null;
  return (
    <Badge variant="accent">
      <BadgeCheck aria-hidden="true" />
      VERIFIED
    </Badge>
  );
}
