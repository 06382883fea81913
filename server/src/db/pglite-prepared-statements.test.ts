import { rowsOf } from './raw-rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { asLiterals } from './pglite-prepared-statements';

describe('parameters as SQL literals', () => {
  it('quotes strings, keeps backslashes, writes null, numbers and booleans', () => {
    expect(asLiterals(["O'Brien", 'a\\b', null, undefined, 12.5, -3, 10n, true, false])).toEqual([
      "'O''Brien'",
      "'a\\b'",
      'NULL',
      'NULL',
      "'12.5'",
      "'-3'",
      "'10'",
      "'t'",
      "'f'",
    ]);
  });

  it('leaves anything but a plain scalar to the driver', () => {
    for (const value of [new Date(), [1, 2], { a: 1 }, Number.NaN, Infinity, 'a\0b', new Uint8Array([1])]) {
      expect(asLiterals(['ok', value])).toBeUndefined();
    }
  });
});

/** The embedded database runs a repeated statement as EXECUTE of a prepared one, with the same answers. */
describe('statements PGlite plans once', () => {
  let database: Database;
  const db = () => database.db;
  const prepared = async () =>
    rowsOf<{ statement: string }>(await db().execute(sql`select statement from pg_prepared_statements where name like 'soleswap_%'`));

  beforeAll(async () => {
    database = await openDatabase({});
    await db().execute(sql`create table probe (id int primary key, note text, flag boolean, amount numeric(10, 2))`);
  }, 30_000);
  afterAll(() => database?.close());

  const tricky = [`O'Brien \\ "x" $1 -- ; '' \\'`, 'émoji 👟', '', '   '];

  it('gives back exactly what was written, once the statement is prepared', async () => {
    for (const [i, note] of tricky.entries()) {
      await db().execute(sql`insert into probe (id, note, flag, amount) values (${i + 1}, ${note}, ${i % 2 === 0}, ${'12.30'})`);
    }
    await db().execute(sql`insert into probe (id, note, flag, amount) values (${99}, ${null}, ${null}, ${null})`);
    const read = async (id: number) => rowsOf<unknown>(await db().execute(sql`select note, flag, amount from probe where id = ${id}`))[0];
    for (const [i, note] of tricky.entries()) expect(await read(i + 1)).toEqual({ note, flag: i % 2 === 0, amount: '12.30' });
    expect(await read(99)).toEqual({ note: null, flag: null, amount: null });
    expect((await prepared()).map((p) => p.statement)).toEqual(
      expect.arrayContaining([expect.stringContaining('insert into probe'), expect.stringContaining('select note, flag, amount from probe')]),
    );
  });

  it('runs prepared statements inside a transaction and rolls them back with it', async () => {
    const count = async () => rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from probe where id >= ${500}`))[0]!.n;
    await count();
    await count();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id, note) values (${500}, ${'in a transaction'})`);
        expect(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from probe where id >= ${500}`))[0]!.n).toBe(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await count()).toBe(0);
  });

  it("fails a prepared statement with PostgreSQL's own error, which the app maps", async () => {
    const insert = (id: number) => db().execute(sql`insert into probe (id, note) values (${id}, ${'twice'})`);
    await insert(700);
    for (let i = 0; i < 3; i++) {
      await expect(insert(700)).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    }
    expect((await prepared()).some((p) => p.statement.includes('insert into probe (id, note)'))).toBe(true);
  });
});
