import { formBody, formValuesOf, isDirty, poundsToPence, summaryTargets, type FieldSpec } from './form-values.js';

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'price', label: 'Price', kind: 'money', required: true },
  { name: 'max_weight', label: 'Max weight', kind: 'number', nullable: true },
  { name: 'active', label: 'Active', kind: 'checkbox' },
  { name: 'created_at', label: 'Created', readOnly: true },
];

describe('form values', () => {
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
    const { body, errors } = formBody(fields, { ...blank, price: '5.45' }, blank, 'create');
    expect(errors).toEqual({});
    expect(body).toEqual({ name: '', price: 545, max_weight: null, active: true });
  });

  it('updates only what changed, clears a nullable field with null, and never sends read-only ones', () => {
    const initial = formValuesOf(fields, { name: 'A', price: 100, max_weight: 2000, active: true, created_at: 'x' });
    const { body } = formBody(fields, { ...initial, max_weight: '', active: false, created_at: 'y' }, initial, 'update');
    expect(body).toEqual({ max_weight: null, active: false });
  });

  it('refuses an amount that is not one before asking the server', () => {
    const initial = formValuesOf(fields, { name: 'A', price: 100, max_weight: null, active: true });
    const { body, errors } = formBody(fields, { ...initial, price: '3,9x' }, initial, 'update');
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
    expect(formBody(address, { ...initial, first_name: 'Jon' }, initial, 'update').body).toEqual({ first_name: 'Jon' });
    expect(formBody(address, { ...initial, 'billing_address.postcode': 'LS1 1UR' }, initial, 'update').body).toEqual({
      billing_address: { line1: '1 Canal Wharf', line2: null, postcode: 'LS1 1UR' },
    });
    const cleared = { ...initial, 'billing_address.line1': '', 'billing_address.postcode': ' ' };
    expect(formBody(address, cleared, initial, 'update').body).toEqual({ billing_address: null });
    const blank = formValuesOf(address, undefined);
    expect(formBody(address, { ...blank, first_name: 'New' }, blank, 'create').body).toEqual({ first_name: 'New' });
  });

  it('replaces with every field: a blank nullable one as null, an object field left blank (or at its defaults) as null', () => {
    const profile: FieldSpec[] = [
      { name: 'first_name', label: 'First name', required: true },
      { name: 'phone', label: 'Phone', kind: 'tel', nullable: true },
      { name: 'billing_address.line1', label: 'Line 1', required: true },
      { name: 'billing_address.postcode', label: 'Postcode', required: true },
      { name: 'billing_address.country', label: 'Country', default: 'GB' },
      { name: 'same', label: 'Deliver there', kind: 'checkbox', local: true },
    ];
    const initial = formValuesOf(profile, { first_name: 'Jo', phone: null, billing_address: null, same: true });
    expect(initial).toEqual({ first_name: 'Jo', phone: '', 'billing_address.line1': '', 'billing_address.postcode': '', 'billing_address.country': 'GB', same: true });
    expect(formBody(profile, initial, initial, 'replace').body).toEqual({ first_name: 'Jo', phone: null, billing_address: null });
    const filled = { ...initial, 'billing_address.line1': '1 Canal Wharf', 'billing_address.postcode': 'LS10 1AB' };
    expect(formBody(profile, filled, initial, 'replace').body).toEqual({
      first_name: 'Jo', phone: null, billing_address: { line1: '1 Canal Wharf', postcode: 'LS10 1AB', country: 'GB' },
    });
    const half = { ...initial, 'billing_address.postcode': 'LS10 1AB' };
    expect(formBody(profile, half, initial, 'replace').body.billing_address).toEqual({ line1: '', postcode: 'LS10 1AB', country: 'GB' });
    // Creating leaves a blank object out, and an update sends only what changed.
    expect(formBody(profile, initial, initial, 'create').body).toEqual({ first_name: 'Jo', phone: null });
    expect(formBody(profile, { ...initial, same: false }, initial, 'update').body).toEqual({});
  });

  it('sends a code fixed once made only when creating', () => {
    const coded: FieldSpec[] = [{ name: 'code', label: 'Code', createOnly: true, required: true }, { name: 'name', label: 'Name', required: true }];
    const values = { code: 'DVD-1', name: 'DVD' };
    expect(formBody(coded, values, values, 'create').body).toEqual({ code: 'DVD-1', name: 'DVD' });
    expect(formBody(coded, values, values, 'replace').body).toEqual({ name: 'DVD' });
  });

  it('names the error summary\'s targets: ids from a prefix, an object field\'s parts with their fieldset', () => {
    const fields: FieldSpec[] = [
      { name: 'first_name', label: 'First name' },
      { name: 'billing_address.postcode', label: 'Postcode', section: 'Billing address' },
    ];
    expect(summaryTargets(fields, 'profile')).toEqual({
      ids: { first_name: 'profile-first-name', 'billing_address.postcode': 'profile-billing-address-postcode', billing_address: 'profile-billing-address-postcode' },
      labels: { first_name: 'First name', 'billing_address.postcode': 'Billing address, postcode', billing_address: 'Billing address' },
    });
  });
});
