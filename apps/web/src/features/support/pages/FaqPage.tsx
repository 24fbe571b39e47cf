import AnalyticsIcon from '@mui/icons-material/AnalyticsOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOffOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChartOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import AppsIcon from '@mui/icons-material/AppsOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconAvatar } from '@/components/IconAvatar';
import { EmptyState } from '@/components/EmptyState';
import { normalize } from '@/components/search/registry';
import { useIntl } from '@/lib/intl';
import { ContactForm } from '../components/ContactForm';
import { faqCategories, faqQuestions, type FaqCategory } from '../faq';

const categoryIcons: Record<FaqCategory | 'all', SvgIconComponent> = {
  all: AppsIcon,
  pricing: SellIcon,
  seasons: EventIcon,
  fluctuation: StackedLineChartIcon,
  imports: UploadFileIcon,
  analytics: AnalyticsIcon,
};

/**
 * The support center (`/faq`): questions about pricing, seasons, fluctuation levels, imports and
 * analytics, searchable and by category, and a contact form whose message is stored.
 */
export default function FaqPage() {
  const { t } = useTranslation('support');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const picked = params.get('category');
  const category: FaqCategory | 'all' = faqCategories.includes(picked as FaqCategory)
    ? (picked as FaqCategory)
    : 'all';

  const words = normalize(query).split(/\s+/).filter(Boolean);
  const found = (cat: FaqCategory, key: string) => {
    if (words.length === 0) return true;
    const text = normalize(`${t(`faq.${cat}.${key}.q`)} ${t(`faq.${cat}.${key}.a`)}`);
    return words.every((word) => text.includes(word));
  };
  // Searching looks in every category; the tabs narrow when there is no search.
  const shown = faqCategories
    .filter((cat) => words.length > 0 || category === 'all' || cat === category)
    .map((cat) => ({ cat, keys: faqQuestions[cat].filter((key) => found(cat, key)) }))
    .filter(({ keys }) => keys.length > 0);
  const total = shown.reduce((sum, { keys }) => sum + keys.length, 0);

  const toContact = () =>
    document.getElementById('contact')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card
        sx={(theme) => ({
          textAlign: 'center',
          background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.14)}, ${alpha(theme.palette.primary.main, 0.03)})`,
        })}
      >
        <CardContent sx={{ py: { xs: 4, md: 6 }, px: 3 }}>
          <Typography variant="h4" component="h1" color="primary" gutterBottom>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('subtitle')}
          </Typography>
          <TextField
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            sx={{
              inlineSize: '100%',
              maxInlineSize: 560,
              bgcolor: 'background.paper',
              borderRadius: 1,
            }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {words.length > 0 ? t('resultCount', { number: intl.number(total) }) : '\u00a0'}
          </Typography>
        </CardContent>
      </Card>

      {words.length === 0 && (
        <Tabs
          value={category}
          onChange={(_, value: string) =>
            setParams(value === 'all' ? {} : { category: value }, { replace: true })
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('categoriesLabel')}
        >
          {(['all', ...faqCategories] as const).map((cat) => {
            const Icon = categoryIcons[cat];
            return (
              <Tab
                key={cat}
                value={cat}
                icon={<Icon fontSize="small" />}
                iconPosition="start"
                label={t(`categories.${cat}`)}
                sx={{ minBlockSize: 48 }}
              />
            );
          })}
        </Tabs>
      )}

      {shown.map(({ cat, keys }) => {
        const Icon = categoryIcons[cat];
        return (
          <Box component="section" key={cat} aria-labelledby={`faq-${cat}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
              <IconAvatar icon={Icon} />
              <Box>
                <Typography id={`faq-${cat}`} variant="h5" component="h2">
                  {t(`categories.${cat}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`categoryHints.${cat}`)}
                </Typography>
              </Box>
            </Box>
            {keys.map((key) => (
              <Accordion
                key={key}
                disableGutters
                sx={{ '&:before': { display: 'none' }, mb: 1, borderRadius: 1.5 }}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {t(`faq.${cat}.${key}.q`)}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                    {t(`faq.${cat}.${key}.a`)}
                  </Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </Box>
        );
      })}

      {shown.length === 0 && (
        <Card>
          <EmptyState
            icon={SearchOffIcon}
            title={t('noResults', { query: query.trim() })}
            body={t('noResultsHint')}
            headingLevel="h2"
            action={
              <Button variant="outlined" onClick={toContact}>
                {t('askUs')}
              </Button>
            }
          />
        </Card>
      )}

      <Card
        id="contact"
        component="section"
        aria-labelledby="contact-title"
        sx={{ scrollMarginBlockStart: 96 }}
      >
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography id="contact-title" variant="h5" component="h2" gutterBottom>
            {t('contact.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('contact.subtitle')}
          </Typography>
          <ContactForm initialTopic={params.get('topic')} />
        </CardContent>
      </Card>
    </Box>
  );
}
