import { describe, expect, it } from 'vitest';
import { noticeTemplate } from '../../../src/domain/lead-notice.js';

describe('noticeTemplate', () => {
  it('names the business, the legal ground, the chosen period and the rights of article 11', () => {
    const text = noticeTemplate({ business: 'Kaya Kuaför (Ayşe Kaya)', contact: { email: 'info@kaya.com' } }, 6);
    expect(text).toContain('Veri sorumlusu: Kaya Kuaför (Ayşe Kaya).');
    expect(text).toContain('5. maddesinin 1. fıkrası uyarınca açık rızanız');
    expect(text).toContain('Verileriniz 6 ay saklanır');
    expect(text).toContain('11. maddesi');
    expect(text).toContain('Başvurularınızı info@kaya.com adresinden iletebilirsiniz.');
  });

  it('says where to apply by phone as a number, or by the page without either', () => {
    expect(noticeTemplate({ business: 'Ali Veli', contact: { phone: '+90 212 555 44 33' } }, 12)).toContain(
      'Başvurularınızı +90 212 555 44 33 numarasından iletebilirsiniz.',
    );
    expect(noticeTemplate({ business: 'Ali Veli', contact: null }, 3)).toContain(
      'Başvurularınızı bu sayfadaki iletişim bilgilerinden iletebilirsiniz.',
    );
  });
});
