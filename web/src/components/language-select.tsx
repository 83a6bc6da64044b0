import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';

const LABELS: Record<(typeof LANGUAGES)[number], string> = { pt: 'Português', en: 'English', es: 'Español' };

export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect.Root size={size} width="auto">
      <NativeSelect.Field
        aria-label={t('layout.language')}
        data-testid="language-select"
        value={i18n.resolvedLanguage ?? 'pt'}
        onChange={(e) => void i18n.changeLanguage(e.currentTarget.value)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LABELS[lang]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
