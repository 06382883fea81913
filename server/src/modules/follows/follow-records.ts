/** What other modules may read on follows (the follows module owns the table). */
export { countFollowsOf, followersSubquery } from './follow-records.repository';
