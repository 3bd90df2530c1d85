import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import type { PlanChoice } from '../../features/plans/components/plan-chooser';
import { PlanChooser } from '../../features/plans/components/plan-chooser';
import { useAuth } from '../../lib/auth/auth-context';
import { useCheckout } from '../../features/billing/use-checkout';
import { guestCheckout } from '../../lib/guest-checkout';
import { pendingPlan, subscriptionPath, takePostLoginPath } from '../../lib/pending-plan';
import { toast } from '../../lib/toast';
import { Brand } from '../layouts/brand';
import { useDocumentTitle } from '../../lib/use-document-title';
import { releaseEarlyClicks } from '../../lib/early-clicks';
import { loadFullStyles } from '../../lib/full-styles';
// Only what this page shows: it is prerendered into index.html with these styles linked in its head.
import '../../styles/landing.css';
import { LineIcon } from '../../components/line-icon';

// The modal (and, through it, the auth client) loads only when a visitor opens it, with the styles
// beyond the landing page's own (Modal, inputs).
const loadLoginModal = async () =>
  (await Promise.all([import('../../features/auth/components/login-modal'), loadFullStyles()]))[0];
const LoginModal = lazy(async () => ({ default: (await loadLoginModal()).LoginModal }));
const CheckoutChoiceModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/billing/components/checkout-choice-modal'),
    loadFullStyles(),
  ]);
  return { default: module.CheckoutChoiceModal };
});

const FEATURES = [
  {
    title: 'Automated Weather Monitoring',
    text: 'Checks the local weather for every jobsite in real time, against the thresholds that stop your work.',
    icon: 'M17.5 19a4.5 4.5 0 1 0-1.4-8.8A6 6 0 0 0 4.3 12.5 3.5 3.5 0 0 0 6.5 19z',
  },
  {
    title: 'Instant Notifications',
    text: 'Automatically emails workers and managers when a weather delay applies, before anyone drives out.',
    icon: 'M4 4h16v16H4zM4 6l8 7 8-7',
  },
  {
    title: 'Customizable Alerts',
    text: 'Alerts tailored to each jobsite or team: their own thresholds, working hours and recipients.',
    icon: 'M4 6h16M4 12h10M4 18h6M18 10v8M14 14h8',
  },
];

export function LandingPage() {
  useDocumentTitle(null);
  const auth = useAuth();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const checkout = useCheckout();
  const signedIn = auth.status === 'signedIn';
  const [params, setParams] = useSearchParams();
  const guestCanceled = params.get('checkout') === 'canceled';

  // Hydrated: a click made on the prerendered page before now is made again (lib/early-clicks.ts).
  useEffect(() => releaseEarlyClicks(), []);

  // Back from a guest checkout that was canceled on the payment page.
  useEffect(() => {
    if (!guestCanceled) return;
    toast.info('Checkout canceled. You have not been charged.');
    setParams({}, { replace: true });
  }, [guestCanceled, setParams]);

  const openLogin = () => setLoginOpen(true);
  const preloadLogin = () => {
    void loadLoginModal().catch(() => undefined);
    auth.preload();
  };

  // Signed in: the subscription screen starts checkout for the plan. Signed out: the plan is kept
  // (spec §4) and the visitor picks log in, sign up (checkout starts after) or checkout as a guest.
  const onChoosePlan = (picked: PlanChoice) => {
    if (signedIn) {
      navigate(subscriptionPath(picked));
      return;
    }
    pendingPlan.save(picked);
    checkout.clearError();
    setChoice(picked);
    preloadLogin();
  };

  const onGuestCheckout = (picked: PlanChoice) => {
    // Paying as a guest replaces "start this plan after login": the purchase is linked instead.
    pendingPlan.clear();
    guestCheckout.save(picked);
    void checkout.start({ kind: 'guest' }, picked).then((left) => {
      if (!left) pendingPlan.save(picked);
    });
  };

  return (
    <>
      <Box
        component="header"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <Brand />
            <Group gap="sm">
              <Anchor href="#features" visibleFrom="sm" c="dimmed">
                Features
              </Anchor>
              <Anchor href="#plans" visibleFrom="sm" c="dimmed" mr="sm">
                Plans
              </Anchor>
              <ColorSchemeToggle />
              {signedIn ? (
                <Button component={Link} to="/dashboard">
                  Go to dashboard
                </Button>
              ) : (
                <Button onClick={openLogin} onMouseEnter={preloadLogin} onFocus={preloadLogin}>
                  Login
                </Button>
              )}
            </Group>
          </Group>
        </Container>
      </Box>

      <main>
        <Container size="lg" py={64}>
          <Stack align="center" gap="lg" ta="center" maw={760} mx="auto">
            <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.15}>
              Automate Weather Delay Notifications for Your Jobsite
            </Title>
            <Text size="lg" c="dimmed">
              Raincheck watches the forecast for each jobsite and tells your crews whether weather will stop
              work, before they drive out, and keeps the record you need to claim weather days.
            </Text>
            <Group justify="center">
              <Button size="md" component="a" href="#plans">
                See plans
              </Button>
              {signedIn ? null : (
                <Button size="md" variant="default" component={Link} to="/register">
                  Create an account
                </Button>
              )}
            </Group>
          </Stack>
        </Container>

        <Container size="lg" pb={64} id="features">
          <Title order={2} ta="center" mb="xl">
            What Raincheck does
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FEATURES.map((feature) => (
              <Card
                key={feature.title}
                withBorder
                padding="lg"
                component="section"
                aria-labelledby={slug(feature.title)}
              >
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <LineIcon size={24}>
                    <path d={feature.icon} />
                  </LineIcon>
                </ThemeIcon>
                <Title order={3} size="h4" id={slug(feature.title)} mb="xs">
                  {feature.title}
                </Title>
                <Text c="dimmed">{feature.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>

        <Box
          py={64}
          bg="var(--mantine-color-default-hover)"
          id="plans"
          component="section"
          aria-labelledby="plans-title"
        >
          <Container size="lg">
            <Title order={2} ta="center" id="plans-title" mb="xs">
              Plans
            </Title>
            <Text ta="center" c="dimmed" mb="xl">
              Prices in US dollars. Annual billing saves 20%.
            </Text>
            <PlanChooser onChoose={onChoosePlan} processingPlan={checkout.processingPlan} />
          </Container>
        </Box>
      </main>

      <Container size="lg" component="footer" py="lg">
        {/* Prerendered at build time: a new year may have begun since; the browser's year wins. */}
        <Text size="sm" c="dimmed" ta="center" suppressHydrationWarning>
          © {new Date().getFullYear()} Raincheck
        </Text>
      </Container>

      {choice ? (
        <Suspense fallback={null}>
          <CheckoutChoiceModal
            choice={choice}
            onClose={() => setChoice(null)}
            onLogin={() => {
              setChoice(null);
              openLogin();
            }}
            onRegister={() => navigate('/register')}
            onGuestCheckout={onGuestCheckout}
            processing={checkout.processingPlan !== null}
            error={checkout.error}
          />
        </Suspense>
      ) : null}

      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginModal
            opened={loginOpen}
            onClose={() => setLoginOpen(false)}
            onSignedIn={() => {
              setLoginOpen(false);
              navigate(takePostLoginPath());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function slug(text: string): string {
  return `feature-${text.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}
