/**
 * What the payments module may do to a member's membership columns, inside its own transaction
 * (the users module owns the table). Lock the member row before changing it.
 */
export {
  getMember,
  lapseEndedMemberships,
  lockMember,
  membershipsSubquery,
  updateMembership,
  type MemberRow,
  type MembershipChanges,
  type MembershipColumns,
} from './membership.repository';
