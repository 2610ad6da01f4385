import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ServicesGrid } from '@/components/services-grid';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AboutSection } from '@/features/landing/components/about-section';
import { ContactSection } from '@/features/landing/components/contact-section';
import { Hero } from '@/features/landing/components/hero';
import { ServicesSection } from '@/features/landing/components/services-section';
import { TermsSection } from '@/features/landing/components/terms-section';

/** Scrolls to the section a link fragment names; a malformed fragment is ignored. */
function scrollToFragment(hash: string): void {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return;
  }
  document.getElementById(id)?.scrollIntoView();
}

/** The visitor's landing page, composed from the landing and auth features; /#services, /#about, /#contact and /#terms scroll to their section. */
export function LandingPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // The services grid fills in after the first paint and pushes later sections down:
    // follow the named section while the page settles (its first 3 s).
    const observer = new ResizeObserver(() => scrollToFragment(hash));
    observer.observe(document.body);
    const timer = setTimeout(() => observer.disconnect(), 3000);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hash]);
  return (
    <>
      <Hero aside={<AuthCard />} />
      <ServicesSection>
        <ServicesGrid signedIn={false} />
      </ServicesSection>
      <AboutSection />
      <ContactSection />
      <TermsSection />
    </>
  );
}
