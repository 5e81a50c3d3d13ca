import { describe, expect, it } from 'vitest';
import { contractRoutes, contractViolations, type ContractRoute } from './api-contract.ts';

const route = (method: ContractRoute['method'], path: string) => {
  const found = contractRoutes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no contract route ${method} ${path}`);
  return found;
};
const favorite = route('post', 'favorite');
const deleteUser = route('delete', 'user/:id');

describe('the API double contract check', () => {
  it('accepts a request and an answer that follow the contract', () => {
    const answer = { status: 200, body: { reportId: 'r1' } };
    expect(contractViolations(favorite, { reportId: 'r1', userId: 7 }, answer)).toEqual([]);
    expect(contractViolations(deleteUser, undefined, { status: 204 })).toEqual([]);
  });

  it('names the field of a request or an answer that breaks its schema', () => {
    const problems = contractViolations(favorite, { reportId: 'r1' }, { status: 200, body: {} });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^request: userId /);
    expect(problems[1]).toMatch(/^answer 200: reportId /);
  });

  it('holds error answers to the { code, message } body', () => {
    const problems = contractViolations(
      favorite,
      { reportId: 'r1', userId: 7 },
      {
        status: 403,
        body: { message: 'Acceso denegado.' },
      },
    );
    expect(problems).toEqual([expect.stringMatching(/^error: code /)]);
  });

  it('wants no body on body-less routes and an empty 204 where the server sends one', () => {
    expect(contractViolations(deleteUser, { id: 1 }, { status: 200, body: {} })).toEqual([
      'request: this route takes no body',
      'answer: this route answers 204 with no body',
    ]);
  });
});
