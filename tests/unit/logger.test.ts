import { describe, expect, it } from 'vitest';
import { redactPath } from '../../src/logger.js';

describe('redactPath', () => {
  it('hides the edit token in every position of a path', () => {
    const token = 'a'.repeat(43);
    expect(redactPath(`/edit/${token}`)).toBe('/edit/[gizli]');
    expect(redactPath(`/edit/${token}/profile?x=1`)).toBe('/edit/[gizli]/profile?x=1');
    expect(redactPath('/cagriozturk')).toBe('/cagriozturk');
  });

  it('reads the path decoded and in any case, as a router or a person might', () => {
    const token = 'Ab_'.repeat(14) + 'Z';
    expect(redactPath(`/Edit/${token}`)).toBe('/Edit/[gizli]');
    expect(redactPath(`/%65dit/${token}`)).toBe('/edit/[gizli]');
    expect(redactPath(`/edit//${token}/profile`)).toBe('/edit//[gizli]/profile');
    expect(redactPath(`/%2565dit/${token}`)).toBe('/edit/[gizli]');
    expect(redactPath(`/edit/%zz${token}`)).toBe('/edit/[gizli]');
    expect(redactPath(`/yok?t=${token}`)).toBe('/yok?t=[gizli]');
    // A long slug is lower case: not a token.
    expect(redactPath(`/${'a-'.repeat(30)}b`)).toBe(`/${'a-'.repeat(30)}b`);
  });

  it('hides the token of a "Şifremi unuttum" link, even one without a capital', () => {
    const token = 'a'.repeat(43);
    expect(redactPath(`/login/reset/${token}`)).toBe('/login/reset/[gizli]');
    expect(redactPath(`/Login//Reset/${token}?x=1`)).toBe('/Login//Reset/[gizli]?x=1');
    expect(redactPath(`/login/%72eset/${token}`)).toBe('/login/reset/[gizli]');
    expect(redactPath('/login/forgot')).toBe('/login/forgot');
  });

  it('hides the token of an invitation link, even one without a capital', () => {
    const token = 'a'.repeat(43);
    expect(redactPath(`/admin/invite/${token}`)).toBe('/admin/invite/[gizli]');
    expect(redactPath(`/Admin//Invite/${token}?x=1`)).toBe('/Admin//Invite/[gizli]?x=1');
    expect(redactPath(`/admin/%69nvite/${token}`)).toBe('/admin/invite/[gizli]');
    expect(redactPath('/admin/team/invite')).toBe('/admin/team/invite');
  });
});
