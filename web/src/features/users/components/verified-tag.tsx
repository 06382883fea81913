import { VERIFIED_MEMBER_PART_TEXT, type User } from '@soleswap/contracts/users';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';

/** "a, b and c". */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The VERIFIED tag beside a member's name (welcome banner and profile). It means a verified member
 * (decisions §14): premium, a confirmed e-mail address and a second factor, which the server
 * judges (`verifiedMember`). A premium member missing some of it sees what is missing instead
 * (only they are told: the server names what is missing to the member alone).
 */
export function VerifiedTag({ user }: { user: Pick<User, 'isPremiumMember' | 'verifiedMember'> }) {
  const verified = user.verifiedMember;
  if (verified?.isVerified) {
    return (
      <Badge variant="accent">
        <BadgeCheck aria-hidden="true" />
        VERIFIED
      </Badge>
    );
  }
  const missing = (verified?.missing ?? []).filter((part) => part !== 'premium');
  if (!user.isPremiumMember || missing.length === 0) return null;
  return (
    <p className="text-sm text-muted">
      Not VERIFIED yet: add {listed(missing.map((part) => VERIFIED_MEMBER_PART_TEXT[part]))} in{' '}
      <Link href="/settings/security" className="text-accent underline">
        Security settings
      </Link>
      .
    </p>
  );
}
