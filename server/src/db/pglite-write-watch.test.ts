import { describe, expect, it } from 'vitest';
import { writePattern } from './pglite-write-watch';

describe('a write to the members table', () => {
  const users = writePattern('users');

  it.each([
    'update "users" set "reputation" = $1 where "users"."id" = $2',
    'insert into "users" ("id", "email") values ($1, $2) on conflict do nothing',
    'delete from "users" where "users"."id" = $1',
    "insert into users (email, username) select 'c-' || i from generate_series(1, 25) i",
    'with gone as (update "users" set "suspended_at" = now() returning id) select * from gone',
    'update public.users set bio = null',
    'truncate sneakers, users cascade',
  ])('is seen in %s', (text) => {
    expect(users.test(text)).toBe(true);
  });

  it.each([
    'select "id" from "users" where "users"."id" = $1',
    'insert into "user_follows" ("follower_id", "following_id") values ($1, $2)',
    'update "users_archive" set x = 1',
    'delete from "sessions" where "sessions"."sid" = $1',
    'update "sneakers" set "name" = $1 from "users" where "users"."id" = $2',
  ])('is not seen in %s', (text) => {
    expect(users.test(text)).toBe(false);
  });
});
