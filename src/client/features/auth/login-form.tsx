import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type Login, LoginSchema } from '~/shared/schemas/auth';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { serverMessage } from './api';
import { login } from './sign-in';
import { TextField } from '~/client/components/ui/form-fields';

export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await login(queryClient, values);
      toast({ title: 'Login Successful', description: `Welcome back, ${user.username}!` });
      await navigate('/account');
    } catch (error) {
      toast({
        title: 'Login Failed',
        description: serverMessage(error) ?? 'Invalid credentials',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <TextField
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" pending={isSubmitting} pendingLabel="Logging in..." className="w-full">
        Login
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/forgot" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Forgot password?
        </Link>
      </p>
    </form>
  );
}
