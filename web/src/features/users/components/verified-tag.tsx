import { BadgeCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** The VERIFIED tag beside a member's name (welcome banner and profile, spec 2). */
export function VerifiedTag() {
  return (
    <Badge variant="accent">
      <BadgeCheck aria-hidden="true" />
      VERIFIED
    </Badge>
  );
}
