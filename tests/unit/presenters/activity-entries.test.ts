import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, type ActivityEntry } from '../../../src/domain/admin-activity.js';
import { activityText, activityView } from '../../../src/presenters/activity-entries.js';

const TZ = 'Europe/Istanbul';
const base: ActivityEntry = {
  id: 1,
  createdAt: Date.UTC(2026, 10, 26, 9, 0),
  action: 'customer_deleted',
  adminId: 1,
  adminEmail: 'yonetici@example.com',
  adminRole: null,
  customerId: 7,
  customerName: 'Ayşe Kaya',
  customerSlug: 'aysekaya',
  count: null,
  from: null,
  to: null,
  customerLive: true,
};
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({ ...base, ...over });

describe('activityText', () => {
  it('says each action in Turkish', () => {
    expect(activityText(entry({ action: 'customer_deleted' }))).toBe('Müşteri silindi');
    expect(activityText(entry({ action: 'edit_link_replaced' }))).toBe('Düzenleme bağlantısı yenilendi');
    expect(activityText(entry({ action: 'slug_changed', from: 'aysekaya', to: 'ayse-seramik' }))).toBe(
      'Adres değişti: /aysekaya yerine /ayse-seramik',
    );
    expect(activityText(entry({ action: 'customers_imported', count: 27 }))).toBe(
      'İçe aktarma: 27 müşteri oluşturuldu',
    );
    expect(activityText(entry({ action: 'customer_activated' }))).toBe('Müşteri aktif yapıldı');
    expect(activityText(entry({ action: 'customer_deactivated' }))).toBe('Müşteri pasif yapıldı');
    expect(activityText(entry({ action: 'sign_in' }))).toBe('Giriş yaptı');
    expect(activityText(entry({ action: 'brand_changed' }))).toBe('Marka ayarları değişti');
    expect(activityText(entry({ action: 'second_factor_on' }))).toBe('İki adımlı doğrulama açıldı');
  });

  it('names the account a failed sign-in tried, and which step failed', () => {
    expect(activityText(entry({ action: 'sign_in_failed', from: 'password', to: 'ali@example.com' }))).toBe(
      'Başarısız giriş: ali@example.com, şifre hatalı',
    );
    expect(activityText(entry({ action: 'sign_in_failed', from: 'code', to: 'ali@example.com' }))).toBe(
      'Başarısız giriş: ali@example.com, doğrulama kodu hatalı',
    );
    expect(activityText(entry({ action: 'sign_in_failed', from: 'password' }))).toBe(
      'Başarısız giriş: yönetici olmayan bir e-posta adresi',
    );
  });

  it('says what was downloaded and how many', () => {
    expect(activityText(entry({ action: 'print_kit_downloaded', to: 'card' }))).toBe('Kartvizit indirildi (PDF)');
    expect(activityText(entry({ action: 'print_kit_downloaded', to: 'card-bleed' }))).toBe(
      'Matbaa için kartvizit indirildi (PDF)',
    );
    expect(activityText(entry({ action: 'print_kit_downloaded', to: 'a6' }))).toBe('Masa kartı indirildi (PDF)');
    expect(activityText(entry({ action: 'print_sheet_downloaded', count: 3 }))).toBe(
      'Kartvizit sayfası indirildi (PDF, 3 müşteri)',
    );
    expect(activityText(entry({ action: 'customers_csv_exported', count: 2 }))).toBe(
      'Müşteri listesi indirildi (CSV, 2 müşteri)',
    );
    expect(activityText(entry({ action: 'customers_csv_exported' }))).toBe(
      'Müşteri listesi indirildi (CSV, tüm müşteriler)',
    );
  });

  it('says how many items a price list import brought', () => {
    expect(activityText(entry({ action: 'price_list_imported', count: 12 }))).toBe(
      'Fiyat listesi içe aktarıldı: 12 ürün',
    );
  });

  it('has a Turkish text for every action of the fixed list', () => {
    for (const action of ACTIVITY_ACTIONS)
      expect(activityText(entry({ action, count: 1, from: 'a', to: 'b' }))).toMatch(/\S/);
  });
});

describe('activityView', () => {
  it('gives the relative and the absolute time, who, and the customer as it was named', () => {
    const now = base.createdAt + 5 * 60_000;
    const [view] = activityView([entry({})], now, TZ);
    expect(view).toMatchObject({
      text: 'Müşteri silindi',
      who: 'yonetici@example.com',
      relative: '5 dakika önce',
      absolute: '26 Kasım 2026 12:00',
      iso: '2026-11-26T09:00:00.000Z',
      customer: { name: 'Ayşe Kaya', slug: 'aysekaya', href: '/admin/customers/7' },
    });
  });

  it('names the role of who acted, when the entry knows it', () => {
    const who = (adminRole: string | null) => activityView([entry({ adminRole })], base.createdAt, TZ)[0]?.who;
    expect(who('sahip')).toBe('yonetici@example.com (Sahip)');
    expect(who('yonetici')).toBe('yonetici@example.com (Yönetici)');
    expect(who('editor')).toBe('yonetici@example.com (Editör)');
    expect(who('editor-atanan')).toBe('yonetici@example.com (Editör, yalnızca atananlar)');
    expect(who(null)).toBe('yonetici@example.com');
  });

  it('links no customer that is gone, and says who for a sign-in nobody is known for', () => {
    const [view] = activityView(
      [entry({ adminId: null, adminEmail: null, action: 'sign_in_failed', customerId: 9, customerLive: false })],
      base.createdAt,
      TZ,
    );
    expect(view?.who).toBe('Bilinmiyor');
    expect(view?.customer?.href).toBeNull();
  });
});
