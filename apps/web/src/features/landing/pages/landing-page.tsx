import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AboutSection } from '../components/about-section';
import { ContactSection } from '../components/contact-section';
import { Hero } from '../components/hero';
import { ServicesSection } from '../components/services-section';
import { TermsSection } from '../components/terms-section';

/** The visitor's landing page; /#services, /#about, /#contact and /#terms scroll to their section. */
export function LandingPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <Hero />
      <ServicesSection />
      <AboutSection />
      <ContactSection />
      <TermsSection />
    </>
  );
}
