import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { App } from './App';

describe('App', () => {
  it('sends a guest at / to the login page, in Portuguese by default', async () => {
    await changeLanguage('pt');
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Tarifa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(document.documentElement).toHaveAttribute('lang', 'pt');
  });

  it('mirrors the page for Arabic and stores the choice', async () => {
    await changeLanguage('ar');
    window.history.pushState({}, '', '/login');
    render(<App />);
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    await changeLanguage('pt');
  });

  it('shows the not-found page for an unknown path', async () => {
    await changeLanguage('en');
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await changeLanguage('pt');
  });
});
