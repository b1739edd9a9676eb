import { screen } from '@testing-library/react';
import { PRIVACY_POLICY_URL } from '../../app/config';
import { renderWithTheme } from '../../test/render';
import { AboutPage } from './AboutPage';

describe('/about (§1)', () => {
  it('says the application is reserved for the provider’s partners and links the privacy policy', () => {
    renderWithTheme(<AboutPage />);
    expect(screen.getByText(/réservée aux partenaires du prestataire/)).toBeVisible();
    const link = screen.getByRole('link', { name: 'politique de confidentialité' });
    expect(link).toHaveAttribute('href', PRIVACY_POLICY_URL);
    expect(link).toHaveAttribute('target', '_blank');
  });
});
