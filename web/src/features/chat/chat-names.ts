import type { ChatPartner } from '@soleswap/contracts/chat';

/** A chat partner's name: username, else full name, else 'Member'. */
export function partnerName(partner: Pick<ChatPartner, 'username' | 'firstName' | 'lastName'>): string {
  const fullName = [partner.firstName, partner.lastName].filter(Boolean).join(' ').trim();
  return partner.username?.trim() || fullName || 'Member';
}
