import { formBody, formValuesOf, isDirty, poundsToPence, type FieldSpec } from './form-values.js';

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'price', label: 'Price', kind: 'money', required: true },
  { name: 'max_weight', label: 'Max weight', kind: 'number', nullable: true },
  { name: 'active', label: 'Active', kind: 'checkbox' },
  { name: 'created_at', label: 'Created', readOnly: true },
];

describe('admin form values', () => {
  it('reads pounds, with or without the sign, commas and pence', () => {
    expect(['3.95', '£1,234.5', '12', ' 0.07 '].map(poundsToPence)).toEqual([395, 123450, 1200, 7]);
    expect(['3.955', '-1', 'abc', '1.2.3', ''].map(poundsToPence)).toEqual([null, null, null, null, null]);
  });

  it('shows a resource as form strings: pence as pounds, null as blank, booleans as they are', () => {
    const values = formValuesOf(fields, { name: 'Tracked 48', price: 395, max_weight: null, active: true, created_at: '2026-01-01' });
    expect(values).toEqual({ name: 'Tracked 48', price: '3.95', max_weight: '', active: true, created_at: '2026-01-01' });
  });

  it('creates with every filled field, and lets the server name a missing required one', () => {
    const blank = formValuesOf(fields, undefined, { active: true });
    const { body, errors } = formBody(fields, { ...blank, price: '5.45' }, blank, true);
    expect(errors).toEqual({});
    expect(body).toEqual({ name: '', price: 545, max_weight: null, active: true });
  });

  it('updates only what changed, clears a nullable field with null, and never sends read-only ones', () => {
    const initial = formValuesOf(fields, { name: 'A', price: 100, max_weight: 2000, active: true, created_at: 'x' });
    const { body } = formBody(fields, { ...initial, max_weight: '', active: false, created_at: 'y' }, initial, false);
    expect(body).toEqual({ max_weight: null, active: false });
  });

  it('refuses an amount that is not one before asking the server', () => {
    const initial = formValuesOf(fields, { name: 'A', price: 100, max_weight: null, active: true });
    const { body, errors } = formBody(fields, { ...initial, price: '3,9x' }, initial, false);
    expect(errors).toEqual({ price: ['Enter an amount in pounds, like 3.95.'] });
    expect(body).toEqual({});
  });

  it('knows unsaved changes', () => {
    const initial = formValuesOf(fields, { name: 'A', price: 100, max_weight: null, active: true });
    expect(isDirty(initial, initial)).toBe(false);
    expect(isDirty({ ...initial, name: 'B' }, initial)).toBe(true);
  });

  it('sends the parts of an object field together when one changed, and null when all are cleared', () => {
    const address: FieldSpec[] = [
      { name: 'first_name', label: 'First name' },
      { name: 'billing_address.line1', label: 'Line 1' },
      { name: 'billing_address.line2', label: 'Line 2' },
      { name: 'billing_address.postcode', label: 'Postcode' },
    ];
    const initial = formValuesOf(address, { first_name: 'Jo', billing_address: { line1: '1 Canal Wharf', line2: null, postcode: 'LS10 1AB' } });
    expect(initial).toEqual({ first_name: 'Jo', 'billing_address.line1': '1 Canal Wharf', 'billing_address.line2': '', 'billing_address.postcode': 'LS10 1AB' });
    expect(formBody(address, { ...initial, first_name: 'Jon' }, initial, false).body).toEqual({ first_name: 'Jon' });
    expect(formBody(address, { ...initial, 'billing_address.postcode': 'LS1 1UR' }, initial, false).body).toEqual({
      billing_address: { line1: '1 Canal Wharf', line2: null, postcode: 'LS1 1UR' },
    });
    const cleared = { ...initial, 'billing_address.line1': '', 'billing_address.postcode': ' ' };
    expect(formBody(address, cleared, initial, false).body).toEqual({ billing_address: null });
    const blank = formValuesOf(address, undefined);
    expect(formBody(address, { ...blank, first_name: 'New' }, blank, true).body).toEqual({ first_name: 'New' });
  });
});
