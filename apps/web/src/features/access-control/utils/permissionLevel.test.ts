import { describe, expect, it } from 'vitest';
import { abilityRulesFor, type TAbilityRule } from '@tarifa/contract';
import { buildAbility } from '@/lib/auth/ability';
import { permissionLevel } from './permissionLevel';

const uuid = '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c';
const client = buildAbility(abilityRulesFor({ uuid, roles: ['client'] }));
const admin = buildAbility(abilityRulesFor({ uuid, roles: ['super-admin'] }));

describe('permissionLevel', () => {
  it('gives a super-admin everything', () => {
    expect(permissionLevel(admin, 'delete', 'User')).toBe('yes');
    expect(permissionLevel(admin, 'read', 'Admin')).toBe('yes');
  });

  it('lets a client read all, manage only their own properties and account, and not administer', () => {
    expect(permissionLevel(client, 'read', 'all')).toBe('yes');
    // `read all` opens the pages; the properties in them are the client's own.
    expect(permissionLevel(client, 'read', 'Business')).toBe('own');
    expect(permissionLevel(client, 'update', 'Business')).toBe('own');
    expect(permissionLevel(client, 'delete', 'User')).toBe('own');
    expect(permissionLevel(client, 'create', 'all')).toBe('no');
    expect(permissionLevel(client, 'manage', 'Admin')).toBe('no');
  });

  it('honours a rule that takes a permission away', () => {
    const rules: TAbilityRule[] = [
      { action: 'manage', subject: 'all' },
      { action: 'delete', subject: 'Business', inverted: true },
    ];
    expect(permissionLevel(buildAbility(rules), 'delete', 'Business')).toBe('no');
    expect(permissionLevel(buildAbility(rules), 'update', 'Business')).toBe('yes');
  });

  it('says nothing is allowed without rules', () => {
    expect(permissionLevel(buildAbility([]), 'read', 'all')).toBe('no');
  });
});
