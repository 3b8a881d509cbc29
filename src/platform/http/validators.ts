import { registerDecorator, type ValidationArguments, type ValidationOptions, ValidateIf } from 'class-validator';

/** The property must equal another property of the same request (e.g. `password_confirmation`). */
export function MatchesField(other: string, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'matchesField',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [other],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[args.constraints[0] as string],
      },
    });
}

/** UK postcodes (Royal Mail's format, with or without the space, any case). */
export const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

/** "sw1a1aa" → "SW1A 1AA". */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The field may be left out, but not sent as null (unlike @IsOptional, which lets null through to a
 * NOT NULL column).
 */
export const OptionalNotNull = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
