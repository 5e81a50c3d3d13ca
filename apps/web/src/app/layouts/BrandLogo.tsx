import { useBranding } from '../../lib/use-branding.ts';

/** The provider's logo and product name, as used in both headers. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  const branding = useBranding();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <img src={branding.logoUrl} alt="" style={{ height: 32, width: 32, objectFit: 'contain' }} />
      {!compact && (
        <span style={{ fontSize: 18, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>
          {branding.productName}
        </span>
      )}
    </span>
  );
}
