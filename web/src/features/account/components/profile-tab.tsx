import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type z } from 'zod';
import { profileMessages, profileUpdateSchema, type Profile } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { maxLengthOf } from '@/lib/max-length';
import { ApiError } from '@/lib/api-client';
import { useRouteQuery } from '@/lib/route-query';
import { useUpdateProfile } from '../api/profile';

/** The profile fields of spec 2 "Account", in the form's order; rules and limits come from the shared schema. */
const fields = ['fullName', 'phone', 'businessName', 'businessIndustry', 'businessAddress', 'vatNumber'] as const;
type FieldName = (typeof fields)[number];

const profileFormSchema = profileUpdateSchema
  .pick({
    fullName: true,
    phone: true,
    businessName: true,
    businessIndustry: true,
    businessAddress: true,
    vatNumber: true,
  })
  .required();
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormValues = z.output<typeof profileFormSchema>;

const valuesOf = (profile: Profile): ProfileFormInput => ({
  fullName: profile.fullName,
  phone: profile.phone,
  businessName: profile.businessName,
  businessIndustry: profile.businessIndustry,
  businessAddress: profile.businessAddress,
  vatNumber: profile.vatNumber,
});

const autoComplete: Record<FieldName, string> = {
  fullName: 'name',
  phone: 'tel',
  businessName: 'organization',
  businessIndustry: 'off',
  businessAddress: 'street-address',
  vatNumber: 'off',
};

/** The account page's profile tab: the owner's name, phone and business details (spec 2, 3, 8). */
export function ProfileTab() {
  const { t } = useTranslation('account');
  const ids = useId();
  const profile = useRouteQuery('get-profile');
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      fullName: '',
      phone: '',
      businessName: '',
      businessIndustry: '',
      businessAddress: '',
      vatNumber: '',
    },
  });

  // The form starts from the stored profile once it arrives (and again after a save).
  useEffect(() => {
    if (profile.data) reset(valuesOf(profile.data));
  }, [profile.data, reset]);

  // Spec 8: one toast per failed load, not one per render.
  const toldLoadError = useRef(false);
  useEffect(() => {
    if (profile.isError && !toldLoadError.current) {
      toldLoadError.current = true;
      toast.error(t('profileTab.toast.loadFailed'));
    }
  }, [profile.isError, t]);

  const submit = async (values: ProfileFormValues) => {
    try {
      await update.mutateAsync({ body: values });
      toast.success(t('profileTab.toast.saved'));
    } catch (error) {
      const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined;
      toast.error(t('profileTab.toast.saveFailed'), message ? { description: message } : undefined);
    }
  };

  const messageOf = (name: FieldName): string | undefined => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    if (message === profileMessages.vatNumberInvalid) return t('profileTab.errors.vatNumberInvalid');
    return message === profileMessages.textTooLong
      ? t('profileTab.errors.textTooLong', { max: maxLengthOf(profileUpdateSchema.shape[name]) })
      : message;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('profileTab.title')}</h2>
        </CardTitle>
        <CardDescription>{t('profileTab.description')}</CardDescription>
      </CardHeader>
      {profile.isPending ? (
        <CardContent className="grid gap-5" aria-busy="true" aria-label={t('profileTab.loading')}>
          {fields.map((name) => (
            <div key={name} className="grid gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className={name === 'businessAddress' ? 'h-20 w-full' : 'h-9 w-full'} />
            </div>
          ))}
        </CardContent>
      ) : (
        <form onSubmit={handleSubmit(submit)} noValidate>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            {fields.map((name) => {
              const id = `${ids}-${name}`;
              const error = messageOf(name);
              const describedBy = error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
              return (
                <div key={name} className={name === 'businessAddress' ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
                  <Label htmlFor={id}>{t(`profileTab.fields.${name}`)}</Label>
                  {name === 'businessAddress' ? (
                    <Textarea id={id} rows={3} autoComplete={autoComplete[name]} {...describedBy} {...register(name)} />
                  ) : (
                    <Input
                      id={id}
                      type={name === 'phone' ? 'tel' : 'text'}
                      autoComplete={autoComplete[name]}
                      {...describedBy}
                      {...register(name)}
                    />
                  )}
                  {error && (
                    <p id={`${id}-error`} className="text-destructive text-sm">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </CardContent>
          <CardFooter className="mt-6 justify-end">
            <Button type="submit" disabled={!isDirty || isSubmitting || profile.isError}>
              {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
              {isSubmitting ? t('profileTab.saving') : t('profileTab.save')}
            </Button>
          </CardFooter>
        </form>
      )}
    </Card>
  );
}
