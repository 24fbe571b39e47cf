import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { ScrollToTop } from './ScrollToTop';
import { renderWithProviders } from '@/testing';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'pageYOffset', { value: y, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('ScrollToTop', () => {
  beforeEach(() => changeLanguage('pt'));
  afterEach(() => {
    scrollTo(0);
    vi.restoreAllMocks();
  });

  it('is hidden at the top and up to 200 px, shown beyond', async () => {
    renderWithProviders(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).not.toBeInTheDocument();
    scrollTo(200);
    expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).not.toBeInTheDocument();
    scrollTo(201);
    expect(await screen.findByRole('button', { name: 'Voltar ao topo' })).toBeInTheDocument();
    scrollTo(120);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).not.toBeInTheDocument(),
    );
  });

  it('steps aside while a control of the page is under it', async () => {
    const action = document.createElement('button');
    const text = document.createElement('p');
    let under: Element[] = [action];
    Object.defineProperty(document, 'elementsFromPoint', {
      value: () => under,
      configurable: true,
    });
    try {
      renderWithProviders(<ScrollToTop />);
      scrollTo(900);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).not.toBeInTheDocument(),
      );
      under = [text];
      scrollTo(950);
      expect(await screen.findByRole('button', { name: 'Voltar ao topo' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(document, 'elementsFromPoint');
    }
  });

  it('scrolls smoothly to the top when clicked', async () => {
    const spy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(<ScrollToTop />);
    scrollTo(900);
    await userEvent.click(await screen.findByRole('button', { name: 'Voltar ao topo' }));
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
