import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, Min, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

class Named {
  @IsString()
  name!: string;
}

class Counted extends Named {
  @IsInt()
  @Min(1)
  quantity!: number;
}

class Grouped {
  @IsString({ groups: ['staff'] })
  note!: string;

  @IsInt()
  count!: number;
}

const failedFields = async (value: object) => (await validate(value)).map((error) => error.property).sort();
const storage = getMetadataStorage();

describe('cacheValidationMetadata', () => {
  beforeAll(() => {
    cacheValidationMetadata();
    cacheValidationMetadata(); // a second call must not wrap the wrappers
  });

  it('validates as before: the class own rules and its parent rules', async () => {
    expect(await failedFields(Object.assign(new Counted(), { name: 'Fire DVD', quantity: 2 }))).toEqual([]);
    expect(await failedFields(Object.assign(new Counted(), { name: 42, quantity: 0 }))).toEqual(['name', 'quantity']);
    expect(await failedFields(Object.assign(new Named(), { name: 'x' }))).toEqual([]);
  });

  it('looks a class rules up once: the same answer object on the next validation', () => {
    const first = storage.getTargetValidationMetadatas(Counted, '', false, false);
    const second = storage.getTargetValidationMetadatas(Counted, '', false, false);
    expect(second).toBe(first);
    expect(first.map((rule) => rule.propertyName).sort()).toEqual(['name', 'quantity', 'quantity']);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(second));
  });

  it('keeps each set of options apart (groups, strict groups)', async () => {
    const names = (rules: Array<{ propertyName: string }>) => rules.map((rule) => rule.propertyName).sort();
    expect(names(storage.getTargetValidationMetadatas(Grouped, '', false, false))).toEqual(['count', 'note']);
    expect(names(storage.getTargetValidationMetadatas(Grouped, '', false, true))).toEqual(['count']);
    expect(names(storage.getTargetValidationMetadatas(Grouped, '', false, false, ['staff']))).toEqual(['note']);
    const value = Object.assign(new Grouped(), { note: 7, count: 'many' });
    expect((await validate(value, { groups: ['staff'] })).map((error) => error.property)).toEqual(['note']);
    expect((await validate(value, { strictGroups: true })).map((error) => error.property)).toEqual(['count']);
    expect(await failedFields(value)).toEqual(['count', 'note']);
  });

  it('forgets its answers when rules are added later, so a lookup is never staler than the storage', async () => {
    const before = storage.getTargetValidationMetadatas(Named, '', false, false);
    // What a lazily loaded module's decorators do: add a rule to a class already validated.
    IsInt()(Named.prototype, 'edition');
    const after = storage.getTargetValidationMetadatas(Named, '', false, false);
    expect(after).not.toBe(before);
    expect(after.map((rule) => rule.propertyName).sort()).toEqual(['edition', 'name']);
    expect(await failedFields(Object.assign(new Named(), { name: 'x', edition: 'first' }))).toEqual(['edition']);
    // A subclass sees its parent's new rule too.
    expect(await failedFields(Object.assign(new Counted(), { name: 'x', quantity: 1, edition: 'first' }))).toEqual(['edition']);
  });
});
