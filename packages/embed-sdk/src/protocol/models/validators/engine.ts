/**
 * A small declarative validation engine that reproduces powerbi-models 1.2.1's results: each
 * validator checks one value, knows the field name it is checking (so messages name the innermost
 * field), passes `null`/`undefined` unless it is `required`, and stops at the first error.
 */

export interface IValidationError {
  message: string;
  path?: string;
  keyword?: string;
}

export interface IValidator {
  validate(input: unknown, path?: string, field?: string): IValidationError[] | undefined;
}

/** Field name → the validators run on its value, in order. Declaration order is check order. */
export type FieldRules = Record<string, IValidator[]>;

function pathOf(path: string | undefined, field: string | undefined): string {
  return (path ? `${path}.` : '') + String(field);
}

function failure(message: string, path: string | undefined, keyword: string): IValidationError[] {
  return [{ message, path, keyword }];
}

function validator(
  check: (
    input: unknown,
    path: string | undefined,
    field: string | undefined,
  ) => IValidationError[] | undefined,
): IValidator {
  return {
    validate: (input, path, field) => (input == null ? undefined : check(input, path, field)),
  };
}

export const required: IValidator = {
  validate: (input, path, field) =>
    input == null
      ? failure(`${String(field)} is required`, pathOf(path, field), 'required')
      : undefined,
};

export function typeOf(expected: 'string' | 'number' | 'boolean'): IValidator {
  return validator((input, path, field) =>
    typeof input === expected
      ? undefined
      : failure(`${String(field)} must be a ${expected}`, pathOf(path, field), 'type'),
  );
}

export const string = typeOf('string');
export const number = typeOf('number');
export const boolean = typeOf('boolean');

/** The value must be one of `values`; no type check of its own. */
export function oneOf(values: readonly unknown[]): IValidator {
  return validator((input, path, field) =>
    values.includes(input)
      ? undefined
      : failure(`${String(field)} property is invalid`, pathOf(path, field), 'invalid'),
  );
}

/** A number among `values` (the numeric enums). */
export function numberEnum(values: readonly number[]): IValidator {
  const allowed = oneOf(values);
  return validator(
    (input, path, field) =>
      number.validate(input, path, field) ?? allowed.validate(input, path, field),
  );
}

/** An array whose items all pass every item validator; any failure names only the array. */
export function arrayOf(...itemValidators: IValidator[]): IValidator {
  return validator((input, path, field) => {
    const arrayPath = pathOf(path, field);
    const itemsValid =
      Array.isArray(input) &&
      input.every((item: unknown, index) =>
        itemValidators.every(
          (itemValidator) => !itemValidator.validate(item, `${arrayPath}.${index}`, field),
        ),
      );
    return itemsValid
      ? undefined
      : failure(`${String(field)} property is invalid`, arrayPath, 'type');
  });
}

/** An array of one primitive type, with 1.2.1's "must be an array of …s" message for any failure. */
export function arrayOfType(itemType: 'string' | 'number' | 'boolean'): IValidator {
  const plain = arrayOf(typeOf(itemType));
  return validator((input, path, field) =>
    plain.validate(input, path, field)
      ? failure(`${String(field)} must be an array of ${itemType}s`, pathOf(path, field), 'type')
      : undefined,
  );
}

/** Passes when any validator passes; otherwise `<field> property is invalid`. */
export function anyOf(...validators: IValidator[]): IValidator {
  return validator((input, path, field) =>
    validators.some((candidate) => !candidate.validate(input, path, field))
      ? undefined
      : failure(`${String(field)} property is invalid`, pathOf(path, field), 'invalid'),
  );
}

/** Any non-array object; at top level (no field) the message is `input must be an object`. */
export const anyObject: IValidator = validator((input, path, field) =>
  typeof input === 'object' && !Array.isArray(input)
    ? undefined
    : failure(
        field !== undefined ? `${field} must be an object` : 'input must be an object',
        path,
        'type',
      ),
);

/** An object whose fields pass `rules`. Later rule sets extend earlier ones (checked after them). */
export function objectWith(...ruleSets: FieldRules[]): IValidator {
  const rules = ruleSets.flatMap((ruleSet) => Object.entries(ruleSet));
  return validator((input, path, field) => {
    const notObject = anyObject.validate(input, path, field);
    if (notObject) return notObject;
    const fieldsPath = path ? `${path}.${String(field)}` : field;
    const values = input as Record<string, unknown>;
    for (const [name, validators] of rules) {
      for (const fieldValidator of validators) {
        const errors = fieldValidator.validate(values[name], fieldsPath, name);
        if (errors) return errors;
      }
    }
    return undefined;
  });
}

/** An object used as a map: every own value passes `valueValidator` (keys are always strings). */
export function mapOf(valueValidator: IValidator): IValidator {
  return validator((input, path, field) => {
    const notObject = anyObject.validate(input, path, field);
    if (notObject) return notObject;
    for (const [key, value] of Object.entries(input as object)) {
      const errors = valueValidator.validate(value, `${pathOf(path, field)}.${key}`, field);
      if (errors) return errors;
    }
    return undefined;
  });
}
