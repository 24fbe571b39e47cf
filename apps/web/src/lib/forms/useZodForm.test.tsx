import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ZEmail, ZPassword } from '@tarifa/contract';
import { ApiError } from '../api';
import { changeLanguage } from '../i18n';
import { FormAlert, useZodForm } from '.';
import { setupUser } from '@/testing';

const schema = z.object({ email: ZEmail, password: ZPassword });

function TestForm({
  onSubmit,
  lazy = false,
}: {
  onSubmit: (data: z.output<typeof schema>) => unknown;
  lazy?: boolean;
}) {
  const form = useZodForm({
    // As the sign-in pages pass it: a loader, so the form shows before zod is fetched.
    schema: lazy ? () => Promise.resolve(schema) : schema,
    initialValues: { email: '', password: '' },
    onSubmit,
  });
  return (
    <form {...form.formProps}>
      <FormAlert error={form.formError} />
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Password" {...form.field('password', { helperText: 'Ten or more' })} />
      <Button type="submit" loading={form.submitting}>
        Save
      </Button>
    </form>
  );
}

function setup(onSubmit: (data: z.output<typeof schema>) => unknown = vi.fn(), lazy = false) {
  const user = setupUser();
  render(<TestForm onSubmit={onSubmit} lazy={lazy} />);
  return {
    user,
    email: screen.getByRole('textbox', { name: 'Email' }),
    password: screen.getByRole('textbox', { name: 'Password' }),
    submit: () => user.click(screen.getByRole('button', { name: 'Save' })),
  };
}

describe('useZodForm', () => {
  beforeEach(async () => {
    await changeLanguage('en');
  });

  it('checks the shared schema before sending and explains each field in words', async () => {
    const onSubmit = vi.fn();
    const { user, email, password, submit } = setup(onSubmit);
    await user.type(password, 'short');
    await submit();

    expect(onSubmit).not.toHaveBeenCalled();
    expect(email).toHaveAccessibleDescription('Fill in this field.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Use at least 10 characters.');
    // The first field in trouble gets the focus.
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks a schema given as a loader the same way, and sends parsed values', async () => {
    const onSubmit = vi.fn();
    const { user, email, password, submit } = setup(onSubmit, true);
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(email).toHaveAccessibleDescription('Fill in this field.');

    await user.type(email, ' ana@hotel.pt');
    expect(email).not.toHaveAccessibleDescription();
    await user.type(password, 'aaaaaaaaaa1');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'ana@hotel.pt', password: 'aaaaaaaaaa1' },
      expect.anything(),
    );
  });

  it('updates the messages while the user corrects the fields, then sends parsed values', async () => {
    const onSubmit = vi.fn();
    const { user, email, password, submit } = setup(onSubmit);
    await submit();
    await user.type(email, '  ana@hotel');
    expect(email).toHaveAccessibleDescription(/valid email address/);
    await user.type(email, '.pt ');
    expect(email).not.toHaveAccessibleDescription();
    await user.type(password, 'aaaaaaaaaa');
    expect(password).toHaveAccessibleDescription(/two kinds of characters/);
    await user.type(password, '1');
    expect(password).toHaveAccessibleDescription('Ten or more');

    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'ana@hotel.pt', password: 'aaaaaaaaaa1' },
      expect.anything(),
    );
  });

  it('puts the server’s field details on the fields they name', async () => {
    const { user, email, password, submit } = setup(async () => {
      throw new ApiError(409, 'conflict', 'taken', [
        { path: 'email', code: 'email_taken', message: 'taken' },
      ]);
    });
    await user.type(email, 'ana@hotel.pt');
    await user.type(password, 'Tarifa-2025!');
    await submit();

    expect(email).toHaveAccessibleDescription(/already an account with this email/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Editing the field takes its server message away.
    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription();
  });

  it('shows errors that belong to no field in an alert, translated by code', async () => {
    const { user, email, password, submit } = setup(async () => {
      throw new ApiError(401, 'invalid_credentials', 'Wrong email or password');
    });
    await user.type(email, 'ana@hotel.pt');
    await user.type(password, 'Tarifa-2025!');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(email).not.toHaveAccessibleDescription();
  });

  it('says what is wrong with a field that is not on the form', async () => {
    const { user, email, password, submit } = setup(async () => {
      throw new ApiError(400, 'validation_failed', 'bad', [
        { path: 'token', code: 'invalid_token', message: 'bad token' },
      ]);
    });
    await user.type(email, 'ana@hotel.pt');
    await user.type(password, 'Tarifa-2025!');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/This link no longer works/);
  });

  it('translates into the active language, numbers included', async () => {
    await changeLanguage('fr');
    const { user, password, submit } = setup();
    await user.type(password, 'abc');
    await submit();
    expect(password).toHaveAccessibleDescription('Utilisez au moins 10 caractères.');
  });

  it('tells the user when the server cannot be reached', async () => {
    const { user, email, password, submit } = setup(async () => {
      throw new ApiError(0, 'network', 'offline');
    });
    await user.type(email, 'ana@hotel.pt');
    await user.type(password, 'Tarifa-2025!');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Check your internet connection/);
  });
});

describe('useZodForm with a number', () => {
  const roomSchema = z.object({ rooms: z.number().int().min(1) });
  function RoomForm({ onSubmit }: { onSubmit: (data: { rooms: number }) => unknown }) {
    const form = useZodForm({ schema: roomSchema, initialValues: { rooms: 2 }, onSubmit });
    return (
      <form {...form.formProps}>
        <TextField label="Rooms" type="number" {...form.field('rooms')} />
        <Button type="submit">Save</Button>
      </form>
    );
  }

  it('keeps a number field a number, and an emptied one required', async () => {
    await changeLanguage('en');
    const onSubmit = vi.fn();
    const user = setupUser();
    render(<RoomForm onSubmit={onSubmit} />);
    const rooms = screen.getByRole('spinbutton', { name: 'Rooms' });
    await user.clear(rooms);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rooms).toHaveAccessibleDescription('Fill in this field.');
    await user.type(rooms, '0');
    expect(rooms).toHaveAccessibleDescription('Enter 1 or more.');
    await user.clear(rooms);
    await user.type(rooms, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ rooms: 12 }, expect.anything());
  });
});
