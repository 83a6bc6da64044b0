import { Box, Button, HStack, Popover, Portal, Separator, Slider, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { baseApi } from '../api/base-api';
import { useLogoutMutation } from '../api/endpoints/auth';
import { signedOut } from '../api/session';
import type { SessionUser } from '../api/types';
import { LanguageSelect } from '../components/language-select';
import { ProfileDialog } from './profile-dialog';
import { TwoFactorDialog } from './two-factor-dialog';
import { colorModeToggled, volumeChanged } from './ui-slice';

/** 'Minha Conta' at the bottom of the drawer: profile, dark mode, notification volume, language, logout. */
export function AccountMenu({ user, collapsed }: { user: SessionUser; collapsed: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { colorMode, volume } = useAppSelector((s) => s.ui);
  const [logout] = useLogoutMutation();
  const [profileOpen, setProfileOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  // a dialog opens once the menu has closed: opened while the popover is still the top layer, it was dismissed
  // together with it
  const [next, setNext] = useState<'profile' | 'twoFactor' | null>(null);
  const [open, setOpen] = useState(false);

  const doLogout = async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    void navigate('/login', { replace: true });
  };

  return (
    <Box borderTopWidth="1px" p="2">
      <Popover.Root
        open={open}
        onOpenChange={(e) => setOpen(e.open)}
        positioning={{ placement: 'top-start' }}
        onExitComplete={() => {
          if (next === 'profile') setProfileOpen(true);
          if (next === 'twoFactor') setTwoFactorOpen(true);
          setNext(null);
        }}
      >
        <Popover.Trigger asChild>
          <Button variant="ghost" w="full" justifyContent="flex-start" data-testid="account-menu">
            <Box
              w="6"
              h="6"
              borderRadius="full"
              bg="brand.700"
              color="white"
              fontSize="xs"
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              {user.name.charAt(0).toUpperCase()}
            </Box>
            {!collapsed && t('layout.account')}
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="xs">
              <Popover.Body>
                <Stack gap="3">
                  <Text fontWeight="semibold" truncate>
                    {user.name}
                  </Text>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setNext('profile');
                      setOpen(false);
                    }}
                  >
                    {t('layout.profile')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid="account-two-factor"
                    onClick={() => {
                      setNext('twoFactor');
                      setOpen(false);
                    }}
                  >
                    {t('twoFactor.title')}
                  </Button>
                  <Switch.Root
                    checked={colorMode === 'dark'}
                    onCheckedChange={() => dispatch(colorModeToggled())}
                    data-testid="dark-mode"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{t('layout.darkMode')}</Switch.Label>
                  </Switch.Root>
                  <Slider.Root
                    min={0}
                    max={1}
                    step={0.1}
                    value={[volume]}
                    onValueChange={(e) => dispatch(volumeChanged(e.value[0] ?? 1))}
                    aria-label={[t('layout.volume')]}
                  >
                    <HStack justify="space-between">
                      <Slider.Label>{t('layout.volume')}</Slider.Label>
                      <Slider.ValueText />
                    </HStack>
                    <Slider.Control>
                      <Slider.Track>
                        <Slider.Range />
                      </Slider.Track>
                      <Slider.Thumbs />
                    </Slider.Control>
                  </Slider.Root>
                  <HStack justify="space-between">
                    <Text fontSize="sm">{t('layout.language')}</Text>
                    <LanguageSelect />
                  </HStack>
                  <Separator />
                  <Button size="sm" colorPalette="red" variant="subtle" onClick={() => void doLogout()}>
                    {t('layout.logout')}
                  </Button>
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {profileOpen && <ProfileDialog user={user} onClose={() => setProfileOpen(false)} />}
      {twoFactorOpen && <TwoFactorDialog onClose={() => setTwoFactorOpen(false)} />}
    </Box>
  );
}
