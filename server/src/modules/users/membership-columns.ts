/**
 * What the payments module may do to a member's membership columns, inside its own transaction
 * (the users module owns the table). Lock the member row before changing it.
 */
export { getMember, lapseEndedMemberships, lockMember, updateMembership, type MemberRow, type MembershipChanges } from './membership.repository';
